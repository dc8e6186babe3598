// The command line's way to ask for what is missing: in a terminal, runCli
// asks a person for each required flag argv left out (its description,
// choices and default shown), and reads the answers as flags (`--service
// api`), so they are parsed exactly as typed ones. Never when standard input
// or output is not a terminal, nor with `--no-input` (as gh and npm init
// take it), nor for a flag a person cannot type a word into (JSON).

const NO_INPUT = "--no-input";

/**
 * argv without `--no-input` (before `--`), and whether it was there;
 * `ownFlag()`, asked only then, says the tool has a flag of that name, which keeps it.
 */
export function takeNoInput(argv, ownFlag) {
  const end = argv.indexOf("--");
  const before = end === -1 ? argv : argv.slice(0, end);
  if (!before.includes(NO_INPUT) || ownFlag()) return { argv, noInput: false };
  const kept = before.filter((token) => token !== NO_INPUT);
  return { argv: end === -1 ? kept : [...kept, ...argv.slice(end)], noInput: true };
}

/** Whether this process can ask a person: both standard input and output are terminals. */
export function interactive() {
  const proc = globalThis.process;
  return Boolean(proc && proc.stdin && proc.stdin.isTTY && proc.stdout && proc.stdout.isTTY);
}

/** The flags the parse error's issues say are missing, when each can be typed as one word; else undefined. */
export function missingFlags(error, flags) {
  if (error.code !== "INVALID_ARGS" || error.issues.length === 0) return undefined;
  const out = [];
  for (const issue of error.issues) {
    if (issue.code !== "missing_required" || typeof issue.flag !== "string") return undefined;
    const flag = flags.find((f) => `--${f.name}` === issue.flag);
    if (flag === undefined || flag.json || flag.type === "boolean") return undefined;
    out.push(flag);
  }
  return out;
}

/** The question for one flag: its name, what it is, its choices or default. */
function question(flag) {
  const about = flag.description ? ` (${flag.description})` : "";
  const choices = Array.isArray(flag.choices) ? ` [${flag.choices.join("/")}]` : "";
  return `${flag.name}${about}${choices}: `;
}

/**
 * Asks for each flag on the terminal; the answers as argv tokens
 * (`--name value`, each given once or, for a list, once per comma-free
 * answer), or undefined when the person ends input or answers nothing.
 */
export async function promptFor(flags) {
  const readline = globalThis.process?.getBuiltinModule?.("node:readline/promises");
  if (readline === undefined) return undefined;
  const rl = readline.createInterface({ input: globalThis.process.stdin, output: globalThis.process.stdout });
  const closed = new Promise((resolve) => rl.once("close", () => resolve(undefined)));
  try {
    const tokens = [];
    for (const flag of flags) {
      const answer = await Promise.race([rl.question(question(flag)), closed]);
      if (answer === undefined || answer.trim() === "") return undefined;
      tokens.push(`--${flag.name}`, answer.trim());
    }
    return tokens;
  } finally {
    rl.close();
  }
}
