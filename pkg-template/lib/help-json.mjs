// `--help=json` and `--help=md`: a whole command line described for an
// agent to read, from one set of data: each command (a tool), a group's
// actions, each flag as `flags()` gives it, and each tool's hints. The
// shape's JSON Schema ships as help.schema.json (HELP_SCHEMA below).

/** The JSON Schema of what `--help=json` prints. */
export const HELP_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "toolshape command-line help",
  type: "object",
  properties: {
    name: { type: "string", description: "The program's name, when it has one" },
    version: { type: "string" },
    commands: { type: "array", items: { $ref: "#/$defs/command" } },
  },
  required: ["commands"],
  $defs: {
    command: {
      type: "object",
      properties: {
        name: { type: "string" },
        description: { type: "string" },
        annotations: { type: "object", description: "MCP's hints: readOnlyHint, destructiveHint, idempotentHint, openWorldHint" },
        flags: { type: "array", items: { $ref: "#/$defs/flag" }, description: "A tool's flags (absent for a group)" },
        actions: { type: "array", items: { $ref: "#/$defs/command" }, description: "A group's actions, each with its own flags (the group's common ones included)" },
        noCommandLine: { type: "string", description: "Why the tool has no command line of flags (it still takes --json)" },
      },
      required: ["name"],
    },
    flag: {
      type: "object",
      description: "One flag, as CompiledTool.flags() gives it",
      properties: {
        name: { type: "string" },
        path: { type: "array", items: { type: "string" } },
        type: { enum: ["string", "number", "integer", "boolean", "enum", "json"] },
        required: { type: "boolean" },
        default: {},
        description: { type: "string" },
        short: { type: "string" },
        choices: { type: "array" },
        choiceDescriptions: {
          type: "array",
          description: "What each choice means, where the schema says it",
          items: { type: "object", properties: { value: {}, description: { type: "string" } }, required: ["value", "description"] },
        },
        env: { type: "string" },
        deprecated: {},
        positional: { type: "integer" },
      },
      required: ["name", "path", "type", "required"],
    },
  },
};

/** A group's action key as its command words' literal: `users.create` is `users:create`. */
const literalOf = (key) => key.replace(".", ":");

/** A command's flags, or why it has none (in `out.noCommandLine`). */
function flagsOf(tool, out) {
  try {
    return tool.flags();
  } catch (error) {
    out.noCommandLine = error.message;
    return undefined;
  }
}

/** An action of a command: its own flags (the shared ones included), without the `actions` each names. */
function actionEntry(name, description, annotations, flags, literal) {
  const entry = { name };
  if (typeof description === "string" && description !== "") entry.description = description;
  if (annotations !== undefined) entry.annotations = annotations;
  entry.flags = flags.filter((f) => !Array.isArray(f.actions) || f.actions.includes(literal)).map(({ actions, ...flag }) => flag);
  return entry;
}

/** One definition as a command of the help: its flags, or its actions with theirs. */
export function commandHelp(def, tool) {
  const out = { name: def.name };
  if (typeof def.description === "string") out.description = def.description;
  if (def.annotations !== undefined) out.annotations = { ...def.annotations };
  const flags = flagsOf(tool, out);
  if (flags === undefined) return out;
  if (def.kind !== "group") {
    out.flags = flags;
    return out;
  }
  const hints = new Map(def.definitions().map((d) => [d.name, d.annotations]));
  out.actions = def.actions
    .filter((a) => def.flatNames.includes(a.flatName))
    .map((action) => actionEntry(action.key, action.description, hints.get(action.flatName), flags, literalOf(action.key)));
  return out;
}

/** A compiled tool (compile's) as a command named `name`: its flags, or an action union's actions with theirs. */
export function compiledHelp(name, tool) {
  const out = { name };
  const flags = flagsOf(tool, out);
  if (flags === undefined) return out;
  let actions;
  try {
    actions = tool.actionHelp();
  } catch (error) {
    if (error.code !== "NOT_ACTION_UNION") throw error;
  }
  if (actions === undefined) {
    out.flags = flags;
    return out;
  }
  out.actions = actions.map((a) => actionEntry(a.discriminator, a.description, undefined, flags, a.discriminator));
  return out;
}

/** The same data as markdown: a section per command and action, a table of flags each. */
export function helpMarkdown(help) {
  const lines = [`# ${help.name ?? "Commands"}`];
  if (help.version) lines.push("", `Version ${help.version}`);
  const cell = (value) => (value === undefined ? "" : String(typeof value === "string" ? value : JSON.stringify(value)).replace(/\|/g, "\\|").replace(/\n/g, " "));
  const section = (level, command) => {
    lines.push("", `${"#".repeat(level)} ${command.name}`);
    if (command.description) lines.push("", command.description);
    const hints = command.annotations ? Object.entries(command.annotations).filter(([, v]) => v === true).map(([k]) => k.replace(/Hint$/, "")) : [];
    if (hints.length > 0) lines.push("", `Hints: ${hints.join(", ")}`);
    if (command.noCommandLine) lines.push("", `No command line of flags (${command.noCommandLine}); give the input with --json.`);
    if (command.flags && command.flags.length > 0) {
      lines.push("", "| flag | type | required | default | env | description |", "|---|---|---|---|---|---|");
      for (const f of command.flags) {
        const type = f.choices ? f.choices.map((c) => cell(c)).join(" \\| ") : f.type;
        const values = f.choiceDescriptions ? f.choiceDescriptions.map((c) => `\`${cell(c.value)}\`: ${c.description}`).join("; ") : undefined;
        const said = [f.description, values && `Values: ${values}.`].filter(Boolean).join(" ");
        lines.push(`| \`--${f.name}\`${f.short ? ` (\`-${f.short}\`)` : ""} | ${type} | ${f.required ? "yes" : ""} | ${cell(f.default)} | ${f.env ?? ""} | ${cell(said || undefined)} |`);
      }
    }
    for (const action of command.actions ?? []) section(level + 1, action);
  };
  for (const command of help.commands) section(2, command);
  return `${lines.join("\n")}\n`;
}
