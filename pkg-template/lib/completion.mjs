// Shell completion: the scripts bash, zsh and fish load to ask a command
// line for candidates, and the answer its runCli gives them. What may come
// next is the core's (Tool.complete, Commands.complete), read with the
// parse's own tokenizer; here it is only written in each shell's format.

import { fail } from "./errors.mjs";

/**
 * The first argv word by which a script asks for candidates: `PROG
 * --toolshape-complete <shell> <words typed...>`. Namespaced, so that no
 * tool's own flag or command word is taken from it.
 */
export const COMPLETE_WORD = "--toolshape-complete";

export const SHELLS = ["bash", "zsh", "fish"];

/** What a program name may be: it is written into shell code, unquoted. */
const PROGRAM = /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,63}$/;

/** Whether `program` can be written into a completion script as the command's name. */
export const isProgramName = (program) => typeof program === "string" && PROGRAM.test(program);

function checkShell(shell, what) {
  if (!SHELLS.includes(shell)) throw fail("INVALID_OPTION", `${what} takes a shell: "bash", "zsh" or "fish", got ${JSON.stringify(String(shell)).slice(0, 40)}`);
}

/**
 * The script that gives `program` completion in `shell`: the words typed
 * are sent to `program --toolshape-complete <shell> ...`, whose runCli
 * answers a candidate a line; with none, the shell offers file names.
 */
export function completionScript(program, shell) {
  if (!isProgramName(program)) {
    throw fail("INVALID_OPTION", "completionScript(program, shell): program is the command's name as typed (letters, digits, '_', '.', '+', '-'; at most 64)");
  }
  checkShell(shell, "completionScript(program, shell)");
  const fn = `_toolshape_complete_${program.replace(/[^A-Za-z0-9_]/g, "_")}`;
  return SCRIPTS[shell](program, fn);
}

const SCRIPTS = {
  // bash hands its function the line up to the cursor (COMP_LINE, COMP_POINT)
  // and its word break characters; the program reads the words from it as
  // readline does (readBashLine), so quotes, backslashes and "=" or ":"
  // inside a word need nothing here, and answers text ready to insert.
  bash: (program, fn) => `# bash completion for ${program}, written by toolshape: source it from ~/.bashrc
${fn}() {
  local candidate
  COMPREPLY=()
  while IFS= read -r candidate; do
    COMPREPLY+=("$candidate")
  done < <(${program} ${COMPLETE_WORD} bash "\${COMP_WORDBREAKS-}" "\${COMP_LINE:0:COMP_POINT}" 2>/dev/null)
}
complete -o default -F ${fn} ${program}
`,
  // zsh's words keep the quotes typed; PREFIX is the word under the cursor
  // up to it, out of any quote it opened. zsh quotes what it inserts.
  zsh: (program, fn) => `# zsh completion for ${program}, written by toolshape: source it from ~/.zshrc after compinit
${fn}() {
  local -a candidates
  candidates=("\${(@f)$(${program} ${COMPLETE_WORD} zsh "\${(@Q)words[2,CURRENT-1]}" "\${(Q)PREFIX}" 2>/dev/null)}")
  candidates=("\${(@)candidates:#}")
  if (( \${#candidates} )); then
    _describe -t values ${program} candidates
  else
    _files
  fi
}
compdef ${fn} ${program}
`,
  // fish unquotes the words before the cursor, not the one under it.
  fish: (program, fn) => `# fish completion for ${program}, written by toolshape: save it as ~/.config/fish/completions/${program}.fish
function ${fn}
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l current (commandline -ct | string unescape)
    set -l found (${program} ${COMPLETE_WORD} fish $tokens "$current" 2>/dev/null)
    if set -q found[1]
        printf '%s\\n' $found
    else
        __fish_complete_path "$current"
    end
end
complete -c ${program} -f -a '(${fn})'
`,
};

/**
 * Candidates as the shell's script reads them, a line each: bash the
 * value; zsh `value:description` (a colon in the value escaped, as
 * `_describe` reads it); fish `value<TAB>description`. The core offers no
 * value holding a control character, so each is one line.
 */
export function completionLines(candidates, shell) {
  const line = ({ value, description }) => {
    if (shell === "zsh") {
      const escaped = value.replace(/[\\:]/g, "\\$&");
      return description === undefined ? escaped : `${escaped}:${description}`;
    }
    return shell === "fish" && description !== undefined ? `${value}\t${description}` : value;
  };
  return candidates.map((candidate) => `${line(candidate)}\n`).join("");
}

const BLANKS = " \t\n";

/**
 * A bash command line up to the cursor, read as bash and its readline read
 * it for completion: the words after the program's name, split at blanks
 * outside quotes, with their quotes and backslashes removed; and of the
 * last word, what readline will replace. That is the text after an
 * unclosed quote (`quote` is then that quote), else the text after the
 * last break character (`breaks`, bash's COMP_WORDBREAKS) that is neither
 * quoted nor escaped; `lead` is the unquoted text of the word before it.
 * No expansion is made: `$HOME` and `~` stay as typed.
 */
export function readBashLine(line, breaks) {
  // A set: both strings come from argv, and a long one of each must not cost their product.
  const breaking = new Set(breaks);
  const words = [];
  let word = "";
  let started = false;
  let quote = "";
  let opened = 0;
  let broken = 0;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote === "'" && c !== "'") word += c;
    else if (quote !== "" && c === quote) quote = "";
    else if (quote === '"') {
      // Inside double quotes a backslash escapes only these, and before a
      // line break joins the lines.
      if (c === "\\" && '$`"\\\n'.includes(line[i + 1] ?? "")) {
        i += 1;
        if (line[i] !== "\n") word += line[i];
      } else word += c;
    } else if (c === "\\") {
      i += 1;
      started = true;
      if (i < line.length && line[i] !== "\n") word += line[i];
    } else if (BLANKS.includes(c)) {
      if (started) words.push(word);
      word = "";
      started = false;
      broken = 0;
    } else {
      started = true;
      if (c === "'" || c === '"') {
        quote = c;
        opened = word.length;
      } else {
        word += c;
        if (breaking.has(c)) broken = word.length;
      }
    }
  }
  words.push(word);
  const lead = word.slice(0, quote === "" ? broken : opened);
  return { words: words.slice(1), lead, quote };
}

/** A word's characters that stay as they are, unquoted, in bash. */
const BASH_PLAIN = /[^A-Za-z0-9_\-.,/:=@%+\u0080-\uffff]/g;

/**
 * What readline inserts for a candidate, in place of the text after `lead`:
 * escaped as bash reads it back inside the open quote, or outside any.
 * `undefined` for one a single-quoted word cannot hold.
 */
function bashInsertion(value, { lead, quote }) {
  if (!value.startsWith(lead)) return undefined;
  const rest = value.slice(lead.length);
  if (quote === "'") return rest.includes("'") ? undefined : rest;
  if (quote === '"') return rest.replace(/[\\"$`]/g, "\\$&");
  return rest.replace(BASH_PLAIN, "\\$&");
}

/** The candidates for a bash line as the bash script reads them: the text to insert, a line each. */
function bashAnswer(breaks, line, complete) {
  if (typeof breaks !== "string" || typeof line !== "string") return "";
  const read = readBashLine(line, breaks);
  if (read.words.length === 0) return "";
  const inserted = complete(read.words).map(({ value }) => ({ value: bashInsertion(value, read) }));
  return completionLines(
    inserted.filter(({ value }) => value !== undefined),
    "bash",
  );
}

/**
 * runCli's answer to a completion script: the candidates on stdout, exit 0;
 * a shell it does not know, exit 2. `undefined` when argv asks something
 * else. zsh and fish send the words typed after the program's name, the
 * last the one under the cursor, unquoted by the shell (`<program>
 * --toolshape-complete zsh <words...>`); bash sends its word break
 * characters and the line up to the cursor (`<program> --toolshape-complete
 * bash <COMP_WORDBREAKS> <line>`), which readBashLine reads.
 */
export function answerCompletion(argv, io, complete) {
  if (!Array.isArray(argv) || argv[0] !== COMPLETE_WORD) return undefined;
  const shell = argv[1];
  if (!SHELLS.includes(shell)) {
    io.err(`${COMPLETE_WORD} takes a shell first ("bash", "zsh" or "fish"), then the words typed\n`);
    return 2;
  }
  io.out(shell === "bash" ? bashAnswer(argv[2], argv[3], complete) : completionLines(complete(argv.slice(2)), shell));
  return 0;
}
