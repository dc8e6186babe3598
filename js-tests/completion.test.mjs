// Shell completion: Tool.complete and Commands.complete over Zod schemas,
// completionScript's refusals, runCli's answer to the scripts, and each
// script run in the real shell (bash, zsh, fish) against a command line on
// PATH (js-tests/completion-cli.mjs as `opsctl`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { z } from "zod";
import { readBashLine } from "../pkg/lib/completion.mjs";
import { cjs, root } from "./helpers.mjs";

const { compile, compileCommands, completionScript, createRegistry, defineTool } = cjs;

const values = (candidates) => candidates.map((c) => c.value);

/** bash's COMP_WORDBREAKS as it starts. */
const BREAKS = " \t\n\"'><=;|&(:";

test("Tool.complete reads the words as parseArgv reads argv", () => {
  const tool = compile(
    z.object({
      env: z.enum(["dev", "prod"]).meta({ cli: { positional: 0 } }),
      region: z.enum(["eu", "us"]).describe("Region\nmore").meta({ cli: { short: "r" } }),
      tags: z.array(z.enum(["a", "b"])).optional(),
      config: z.object({ dryRun: z.boolean().optional(), timeout: z.number().optional() }).optional(),
    }),
    { name: "deploy" },
  );
  assert.deepEqual(tool.complete(["--re"]), [{ value: "--region", description: "Region" }]);
  assert.deepEqual(values(tool.complete(["--region", ""])), ["eu", "us"]);
  assert.deepEqual(values(tool.complete(["--region=u"])), ["--region=us"]);
  assert.deepEqual(values(tool.complete([""])), ["dev", "prod"]);
  assert.deepEqual(values(tool.complete(["dev", "--region", "eu", "--tags", "a", "--"])), ["--tags", "--config-dry-run", "--no-config-dry-run", "--config-timeout", "--help"]);
  assert.deepEqual(tool.complete(["--config-timeout", ""]), []);
  assert.deepEqual(tool.complete(["--", "--"]), []);
  // One dash offers the short names too, each before its long one (as click, argcomplete and cobra do).
  assert.deepEqual(values(tool.complete(["-"])), ["--env", "-r", "--region", "--tags", "--config-dry-run", "--no-config-dry-run", "--config-timeout", "-h", "--help"]);
  assert.deepEqual(tool.complete(["-r"]), [{ value: "-r", description: "Region" }]);
  assert.deepEqual(values(tool.complete(["dev", "-r", "eu", "-"])), ["--tags", "--config-dry-run", "--no-config-dry-run", "--config-timeout", "-h", "--help"]);
});

test("a union of described literals: completion gives each value its description, usage lists them", () => {
  const Level = z.union([z.literal("low").describe("Cheap and slow"), z.literal("high").describe("Fast, costs more"), z.literal("auto")]).describe("Service level");
  const tool = compile(z.object({ level: Level, levels: z.array(Level).optional() }), { name: "svc" });
  assert.deepEqual(tool.complete(["--level", ""]), [{ value: "low", description: "Cheap and slow" }, { value: "high", description: "Fast, costs more" }, { value: "auto" }]);
  assert.deepEqual(tool.complete(["--levels", "h"]), [{ value: "high", description: "Fast, costs more" }]);
  const lines = tool.usage().split("\n");
  const at = lines.findIndex((line) => line.includes("--level <low|high|auto>"));
  assert.match(lines[at], /Service level \(required\)$/);
  assert.deepEqual(lines.slice(at + 1, at + 3).map((line) => line.trim()), ["- low: Cheap and slow", "- high: Fast, costs more"]);
  assert.match(tool.usage({ format: "markdown" }), /Service level \(required\) Values: `low`: Cheap and slow; `high`: Fast, costs more\. \|/);
  // The parse and the schema a client reads are as before.
  assert.deepEqual(tool.parseArgv(["--level", "auto"]), { level: "auto" });
  assert.deepEqual(tool.inputSchema().properties.level.anyOf[0], { type: "string", const: "low", description: "Cheap and slow" });
});

test("Commands.complete offers the command words, help, then each tool's own", () => {
  const ops = compileCommands(
    {
      deploy: compile(z.object({ region: z.enum(["eu", "us"]) }).describe("Deploy a service")),
      docker: compile(z.discriminatedUnion("action", [z.object({ action: z.literal("logs"), id: z.string() }), z.object({ action: z.literal("ps") })])),
    },
    { name: "ops" },
  );
  assert.deepEqual(ops.complete([""]), [{ value: "deploy", description: "Deploy a service" }, { value: "docker", description: "actions: logs, ps" }, { value: "help", description: "Show help for a command" }]);
  assert.deepEqual(values(ops.complete(["docker", ""])), ["logs", "ps"]);
  assert.deepEqual(values(ops.complete(["docker", "logs", "--"])), ["--id", "--help"]);
  assert.deepEqual(values(ops.complete(["deploy", "--region", "e"])), ["eu"]);
  assert.deepEqual(values(ops.complete(["help", "d"])), ["deploy", "docker"]);
});

test("complete refuses words that are not an array of strings, and takes any string", () => {
  const tool = compile(z.object({ region: z.enum(["eu", "us"]) }));
  for (const bad of [undefined, "--re", [1], [null], { length: 1, 0: "--" }]) {
    assert.throws(() => tool.complete(bad), (e) => e.code === "INVALID_ARGS" && /^words/.test(e.message), String(bad));
  }
  // A lone surrogate, NUL, and a long argv: no throw, no candidate invented.
  assert.deepEqual(values(tool.complete(["\ud800", "--\0", ""])), ["--region", "--help"]);
  assert.deepEqual(tool.complete(["\ud800", "--\0", "x"]), []);
  assert.deepEqual(values(tool.complete([...Array(50_000).fill("--region=eu"), "--reg"])), []);
  const ops = compileCommands({ deploy: tool });
  assert.throws(() => ops.complete("deploy"), (e) => e.code === "INVALID_ARGS");
});

test("completionScript refuses a shell it does not know and a program name shell code could not hold", () => {
  for (const shell of ["bash", "zsh", "fish"]) assert.match(completionScript("ops-cli.v2", shell), /_toolshape_complete_ops_cli_v2/);
  for (const shell of ["sh", "powershell", undefined, "BASH"]) {
    assert.throws(() => completionScript("ops", shell), (e) => e.code === "INVALID_OPTION" && /"bash", "zsh" or "fish"/.test(e.message));
  }
  for (const program of ["", "my ops", "ops;rm -rf ~", "$(x)", "-ops", "a".repeat(65), "ops\n", 7, undefined]) {
    assert.throws(() => completionScript(program, "bash"), (e) => e.code === "INVALID_OPTION", String(program));
  }
});

/** runCli's output and exit code for argv. */
async function run(cli, argv) {
  let out = "";
  let err = "";
  const code = await cli.runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

test("a definition's runCli answers the scripts in each shell's format, and never calls the handler", async () => {
  let called = 0;
  const deploy = defineTool({
    name: "deploy",
    input: z.object({ region: z.enum(["eu:west", "us"]).describe("Where: a region"), service: z.string() }),
    handler: () => {
      called += 1;
      return "deployed";
    },
  });
  // bash sends its break characters and the line up to the cursor.
  assert.deepEqual(await run(deploy, ["--toolshape-complete", "bash", BREAKS, "deploy --re"]), { code: 0, out: "--region\n", err: "" });
  assert.deepEqual(await run(deploy, ["--toolshape-complete", "zsh", "--re"]), { code: 0, out: "--region:Where: a region\n", err: "" });
  assert.deepEqual(await run(deploy, ["--toolshape-complete", "fish", "--re"]), { code: 0, out: "--region\tWhere: a region\n", err: "" });
  // zsh's _describe reads up to the first unescaped colon as the value.
  assert.deepEqual(await run(deploy, ["--toolshape-complete", "zsh", "--region", ""]), { code: 0, out: "eu\\:west\nus\n", err: "" });
  assert.deepEqual(await run(deploy, ["--toolshape-complete", "bash", BREAKS, "deploy --service "]), { code: 0, out: "", err: "" });
  // bash gets the text readline puts in place of what follows the word's last break, or its open quote.
  assert.deepEqual(await run(deploy, ["--toolshape-complete", "bash", BREAKS, "deploy --region eu:"]), { code: 0, out: "west\n", err: "" });
  assert.deepEqual(await run(deploy, ["--toolshape-complete", "bash", BREAKS, 'deploy --region="eu:']), { code: 0, out: "eu:west\n", err: "" });
  // A choice holding a line break cannot be carried in a line, nor typed: left out, in every shell.
  const odd = defineTool({ name: "odd", input: z.object({ mode: z.enum(["one\nline", "two\rlines", "ok"]) }), handler: () => "ran" });
  for (const shell of ["zsh", "fish"]) assert.deepEqual(await run(odd, ["--toolshape-complete", shell, "--mode", ""]), { code: 0, out: "ok\n", err: "" });
  assert.deepEqual(await run(odd, ["--toolshape-complete", "bash", BREAKS, "odd --mode "]), { code: 0, out: "ok\n", err: "" });
  // Without a line, or with the program's name alone: nothing to offer.
  for (const argv of [["bash"], ["bash", BREAKS], ["bash", BREAKS, "deploy"], ["bash", 7, "deploy "]]) {
    assert.deepEqual(await run(deploy, ["--toolshape-complete", ...argv]), { code: 0, out: "", err: "" }, String(argv));
  }
  const bad = await run(deploy, ["--toolshape-complete", "tcsh", "--re"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /takes a shell first/);
  assert.equal(called, 0);
});

test("a registry's runCli answers the scripts, and `completion <shell>` prints the script for its name", async () => {
  const deploy = defineTool({ name: "deploy", input: z.object({ region: z.enum(["eu", "us"]) }), handler: () => "deployed" });
  const named = createRegistry([deploy], { name: "opsctl" });
  const script = await run(named, ["completion", "bash"]);
  assert.equal(script.code, 0);
  assert.equal(script.out, completionScript("opsctl", "bash"));
  assert.deepEqual(await run(named, ["--toolshape-complete", "fish", ""]), { code: 0, out: "deploy\nhelp\tShow help for a command\ncompletion\tPrint the shell completion script: completion bash|zsh|fish\n", err: "" });
  assert.deepEqual(await run(named, ["--toolshape-complete", "bash", BREAKS, "opsctl completion "]), { code: 0, out: "bash\nzsh\nfish\n", err: "" });
  assert.deepEqual(await run(named, ["--toolshape-complete", "bash", BREAKS, "opsctl deploy --region "]), { code: 0, out: "eu\nus\n", err: "" });
  for (const argv of [["completion"], ["completion", "csh"]]) {
    const missing = await run(named, argv);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /^usage: opsctl completion bash\|zsh\|fish/);
  }
  // Listed in the registry's usage when it has a name to write the script for.
  assert.match((await run(named, ["--help"])).out, /\n  completion +Print the shell completion script: completion bash\|zsh\|fish\n/);
  assert.doesNotMatch((await run(createRegistry([deploy]), ["--help"])).out, /completion/);
  const unnamed = await run(createRegistry([deploy]), ["completion", "zsh"]);
  assert.equal(unnamed.code, 2);
  assert.match(unnamed.err, /give createRegistry the option "name"/);
  // A name shell code could not hold: refused, and not listed.
  const spaced = createRegistry([deploy], { name: "my ops" });
  const badName = await run(spaced, ["completion", "zsh"]);
  assert.equal(badName.code, 2);
  assert.match(badName.err, /give createRegistry the option "name" \(its name "my ops" is not one/);
  assert.doesNotMatch((await run(spaced, ["--help"])).out, /completion/);
  // A tool named "completion" keeps its word.
  const own = defineTool({ name: "completion", input: z.object({ shell: z.string().meta({ cli: { positional: 0 } }) }), handler: (args) => `own ${args.shell}` });
  const taken = createRegistry([own], { name: "opsctl" });
  assert.deepEqual(await run(taken, ["completion", "bash"]), { code: 0, out: "own bash\n", err: "" });
  assert.deepEqual(await run(taken, ["--toolshape-complete", "bash", BREAKS, "opsctl completion "]), { code: 0, out: "", err: "" });
});

/**
 * A folder on PATH holding `opsctl` (the registry) and `deploy` (its
 * deploy tool alone), which run js-tests/completion-cli.mjs with this Node.
 */
function opsctlOnPath() {
  const dir = mkdtempSync(join(tmpdir(), "toolshape-completion-"));
  const cli = JSON.stringify(join(root, "js-tests", "completion-cli.mjs"));
  for (const [name, mode] of [["opsctl", "registry"], ["deploy", "single"]]) {
    const bin = join(dir, name);
    writeFileSync(bin, `#!/bin/sh\nCOMPLETION_CLI=${mode} exec ${JSON.stringify(process.execPath)} ${cli} "$@"\n`);
    chmodSync(bin, 0o755);
  }
  return { dir, env: { ...process.env, PATH: `${dir}${delimiter}${process.env.PATH}` } };
}

const shell = (name, script, env) => execFileSync(name, ["-c", script], { env, encoding: "utf8", timeout: 30_000 });

test("readBashLine reads words as bash does, and where readline replaces the last", () => {
  const read = (line, breaks = BREAKS) => readBashLine(line, breaks);
  assert.deepEqual(read("ops deploy --re"), { words: ["deploy", "--re"], lead: "", quote: "" });
  assert.deepEqual(read("  ops   deploy  "), { words: ["deploy", ""], lead: "", quote: "" });
  // A break character outside quotes: readline replaces what follows it.
  assert.deepEqual(read("ops --region=us:e"), { words: ["--region=us:e"], lead: "--region=us:", quote: "" });
  assert.deepEqual(read("ops --region=us:e", " \t\n"), { words: ["--region=us:e"], lead: "", quote: "" });
  // Quoted or escaped, a break character or a blank is the word's own.
  assert.deepEqual(read("ops 'a b:c' \"d=e\" f\\ g\\:h"), { words: ["a b:c", "d=e", "f g:h"], lead: "", quote: "" });
  assert.deepEqual(read('ops "it\\"s \\$x \\a'), { words: ['it"s $x \\a'], lead: "", quote: '"' });
  assert.deepEqual(read("ops 'it\\"), { words: ["it\\"], lead: "", quote: "'" });
  // An open quote: readline replaces what follows it.
  assert.deepEqual(read('ops --region="us:e'), { words: ["--region=us:e"], lead: "--region=", quote: '"' });
  assert.deepEqual(read("ops x'y"), { words: ["xy"], lead: "x", quote: "'" });
  // A closed quote after a break: the break still counts.
  assert.deepEqual(read('ops --a="b c":d'), { words: ["--a=b c:d"], lead: "--a=b c:", quote: "" });
  // Backslash and line break join lines; a lone backslash at the end is nothing yet.
  assert.deepEqual(read("ops de\\\nploy \"a\\\nb\" c\\"), { words: ["deploy", "ab", "c"], lead: "", quote: "" });
  assert.deepEqual(read(""), { words: [], lead: "", quote: "" });
  // Long break characters and a long line (both argv, so anyone's) are read in one pass each.
  const long = read(`ops ${"a:".repeat(200_000)}`, "=".repeat(400_000) + ":");
  assert.equal(long.lead.length, 400_000);
  assert.deepEqual(read("ops"), { words: [], lead: "", quote: "" });
});

test("bash: the script hands the program the line up to the cursor, and COMPREPLY is what readline inserts", () => {
  const { dir, env } = opsctlOnPath();
  try {
    /** COMPREPLY for a line with the cursor at `point` (its end by default). */
    const reply = (line, point = line.length) => {
      const script = `source <(opsctl completion bash)
COMP_LINE=${JSON.stringify(line).replace(/\$/g, "\\$")}; COMP_POINT=${point}
_toolshape_complete_opsctl; for c in "\${COMPREPLY[@]}"; do printf '%s\\n' "$c"; done`;
      return shell("bash", script, env).split("\n").slice(0, -1);
    };
    assert.match(shell("bash", "source <(opsctl completion bash); complete -p opsctl", env), /complete -o default -F _toolshape_complete_opsctl opsctl/);
    assert.deepEqual(reply("opsctl "), ["deploy", "services", "help", "completion"]);
    assert.deepEqual(reply("opsctl se"), ["services"]);
    assert.deepEqual(reply("opsctl services "), ["status", "scale"]);
    assert.deepEqual(reply("opsctl deploy --re"), ["--region"]);
    // Only the line up to the cursor counts.
    assert.deepEqual(reply("opsctl deploy --re --dry-run", 18), ["--region"]);
    // Escaped for the shell: a value with a space goes in as one word.
    assert.deepEqual(reply("opsctl deploy --region "), ["eu-west", "us:east", "ap\\ south"]);
    assert.deepEqual(reply("opsctl deploy --region ap"), ["ap\\ south"]);
    assert.deepEqual(reply("opsctl deploy --region ap\\ s"), ["ap\\ south"]);
    // readline replaces what follows the word's last "=" or ":".
    assert.deepEqual(reply("opsctl deploy --region="), ["eu-west", "us:east", "ap\\ south"]);
    assert.deepEqual(reply("opsctl deploy --region=u"), ["us:east"]);
    assert.deepEqual(reply("opsctl deploy --region us:"), ["east"]);
    // Inside an open quote it replaces what follows the quote, and bash closes the quote.
    assert.deepEqual(reply('opsctl deploy --region "ap'), ["ap south"]);
    assert.deepEqual(reply("opsctl deploy --region 'us:"), ["us:east"]);
    assert.deepEqual(reply('opsctl deploy --region="a'), ["ap south"]);
    // Quoted words before the cursor are read unquoted.
    assert.deepEqual(reply("opsctl 'deploy' \"--region\" e"), ["eu-west"]);
    // Free text: no candidate, so `complete -o default` falls back to file names.
    assert.deepEqual(reply("opsctl deploy --service "), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("zsh: the script registers with compdef and hands _describe the candidates with their descriptions", () => {
  const { dir, env } = opsctlOnPath();
  try {
    // words, CURRENT and PREFIX (the word under the cursor up to it, out of
    // any quote it opened) are what zsh's completion system sets; _describe
    // and _files stand in for it here.
    const described = (words, prefix = words.at(-1)) =>
      shell(
        "zsh",
        `autoload -U compinit && compinit -u -d ${JSON.stringify(join(dir, "zcompdump"))}
source <(opsctl completion zsh)
print -r -- "registered: $_comps[opsctl]"
_describe() { print -rl -- "\${(@P)4}" }
_files() { print -r -- "(files)" }
words=(${words.map((w) => `'${w.replace(/'/g, "'\\''")}'`).join(" ")}); CURRENT=${words.length}; PREFIX='${prefix}'
_toolshape_complete_opsctl`,
        env,
      ).split("\n").slice(0, -1);
    const [registered, ...listed] = described(["opsctl", ""]);
    assert.equal(registered, "registered: _toolshape_complete_opsctl");
    assert.deepEqual(listed, ["deploy:Deploy a service", "services:Operate running services", "help:Show help for a command", "completion:Print the shell completion script: completion bash|zsh|fish"]);
    assert.deepEqual(described(["opsctl", "deploy", "--region", ""]).slice(1), ["eu-west", "us\\:east", "ap south"]);
    assert.deepEqual(described(["opsctl", "deploy", "--re"]).slice(1), ["--region:Where: a region"]);
    assert.deepEqual(described(["opsctl", "deploy", "--service", ""]).slice(1), ["(files)"]);
    // Words before the cursor are read unquoted, the one under it from PREFIX.
    assert.deepEqual(described(["opsctl", "'deploy'", "--region", '"ap'], "ap").slice(1), ["ap south"]);
    assert.deepEqual(described(["opsctl", "deploy", "--region", "ap\\ s"]).slice(1), ["ap south"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * What is on the line after Tab, typed into an interactive bash or zsh in a
 * pseudo-terminal (zsh's zpty module drives it): each line is typed, then
 * Tab, then a key bound to write the line to a file, which is read back.
 * The shell loads the script as a person would, from its rc file.
 */
function afterTab(name, lines, env, dir) {
  const buffer = join(dir, "buffer");
  const rc =
    name === "bash"
      ? `PS1='> '
source <(opsctl completion bash)
bind -x '"\\C-x": printf "%s" "$READLINE_LINE" > "$BUFFER_FILE.tmp" && mv "$BUFFER_FILE.tmp" "$BUFFER_FILE"; READLINE_LINE='
echo READY
`
      : `PS1='> '
autoload -U compinit && compinit -u -D
source <(opsctl completion zsh)
show() { print -r -- "$BUFFER" > "$BUFFER_FILE.tmp" && mv "$BUFFER_FILE.tmp" "$BUFFER_FILE"; BUFFER=""; }
zle -N show && bindkey '^X' show
echo READY
`;
  writeFileSync(join(dir, name === "bash" ? "rc.bash" : ".zshrc"), rc);
  writeFileSync(join(dir, "lines"), lines.join("\n"));
  const command = name === "bash" ? `bash --noprofile --rcfile ${join(dir, "rc.bash")} -i` : "zsh -d -i";
  const driver = `zmodload zsh/zpty
zpty -b shell ${command}
zpty -r shell out '*READY*'
for line in "\${(@f)$(<${join(dir, "lines")})}"; do
  rm -f "$BUFFER_FILE"
  zpty -w -n shell "$line"$'\t\x18'
  for i in {1..200}; do [[ -f "$BUFFER_FILE" ]] && break; sleep 0.05; done
  if [[ -f "$BUFFER_FILE" ]]; then print -r -- "$(<$BUFFER_FILE)"; else print -r -- "(no line after 10 s)"; fi
done
zpty -d shell`;
  const out = execFileSync("zsh", ["-f", "-c", driver], { env: { ...env, BUFFER_FILE: buffer, ZDOTDIR: dir }, cwd: dir, encoding: "utf8", timeout: 90_000 });
  return out.split("\n").slice(0, -1);
}

for (const name of ["bash", "zsh"]) {
  test(`${name}, interactive: Tab completes the line as a person sees it`, () => {
    const { dir, env } = opsctlOnPath();
    try {
      writeFileSync(join(dir, "only.txt"), "");
      const lines = [
        "opsctl dep",
        "opsctl services sc",
        "opsctl deploy --re",
        "opsctl deploy --region us",
        "opsctl deploy --region ap",
        "opsctl deploy --region=e",
        "opsctl deploy --region=us:",
        "opsctl deploy --region=a",
        "opsctl deploy --service on",
        "opsctl compl",
        "opsctl completion z",
        'opsctl deploy --region "ap',
        "opsctl deploy --region 'us:",
        "opsctl deploy --region ap\\ s",
        "opsctl 'deploy' \"--re",
        "opsctl deploy --service 日本 --re",
        "opsctl deploy -h",
      ];
      assert.deepEqual(afterTab(name, lines, env, dir), [
        "opsctl deploy ",
        "opsctl services scale ",
        "opsctl deploy --region ",
        "opsctl deploy --region us:east ",
        "opsctl deploy --region ap\\ south ",
        "opsctl deploy --region=eu-west ",
        "opsctl deploy --region=us:east ",
        "opsctl deploy --region=ap\\ south ",
        // Free text: the shell's own file names.
        "opsctl deploy --service only.txt ",
        "opsctl completion ",
        "opsctl completion zsh ",
        // Inside an open quote, the value goes in whole and the quote is closed.
        'opsctl deploy --region "ap south" ',
        "opsctl deploy --region 'us:east' ",
        "opsctl deploy --region ap\\ south ",
        "opsctl 'deploy' \"--region\" ",
        // The cursor's place counts characters, not bytes.
        "opsctl deploy --service 日本 --region ",
        // A short name: the only match, so the word is ended.
        "opsctl deploy -h ",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("fish: `complete -C` completes from the script, with descriptions", () => {
  const { dir, env } = opsctlOnPath();
  try {
    const completed = (line) => shell("fish", `opsctl completion fish | source; complete -C${JSON.stringify(line).replace(/\$/g, "\\$")}`, env).split("\n").slice(0, -1);
    assert.deepEqual(completed("opsctl "), ["completion\tPrint the shell completion script: completion bash|zsh|fish", "deploy\tDeploy a service", "help\tShow help for a command", "services\tOperate running services"]);
    assert.deepEqual(completed("opsctl services s"), ["scale\tChange the replica count", "status\tShow health"]);
    assert.deepEqual(completed("opsctl deploy --region="), ["--region=ap south", "--region=eu-west", "--region=us:east"]);
    assert.deepEqual(completed("opsctl deploy --d"), ["--dry-run\tPlan only"]);
    assert.deepEqual(completed("opsctl deploy -h"), ["-h\tShow help"]);
    // fish unquotes the words; the one under the cursor the script unescapes.
    assert.deepEqual(completed("opsctl 'deploy' --region \"ap"), ["ap south"]);
    assert.deepEqual(completed("opsctl deploy --region us\\:"), ["us:east"]);
    // One tool's command line, its script from completionScript.
    writeFileSync(join(dir, "deploy.fish"), completionScript("deploy", "fish"));
    const single = (line) => shell("fish", `source ${JSON.stringify(join(dir, "deploy.fish"))}; complete -C${JSON.stringify(line)}`, env).split("\n").slice(0, -1);
    assert.deepEqual(single("deploy --re"), ["--region\tWhere: a region"]);
    assert.deepEqual(single("deploy --region u"), ["us:east"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
