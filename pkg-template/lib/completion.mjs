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
  // bash splits words at "=" and ":" too (COMP_WORDBREAKS), so `--name=a:b`
  // arrives in pieces: a piece no space came before (read from COMP_LINE)
  // is joined to the word before it, so the program reads the words as
  // typed. What readline replaces is only the text after the word's last
  // break character (after "=" in `--name=`, nothing at all), so the part
  // of the word up to it is cut from each candidate. Each is quoted for the
  // shell (printf %q), so a value with a space is inserted as one word.
  bash: (program, fn) => `# bash completion for ${program}, written by toolshape: source it from ~/.bashrc
${fn}() {
  local line="\${COMP_LINE:0:COMP_POINT}" word rest prefix candidate quoted i n
  local -a words=()
  for ((i = 0; i <= COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    rest="\${line#"\${line%%[![:space:]]*}"}"
    n=\${#words[@]}
    if ((i > 1 && n > 0 && \${#rest} == \${#line})); then
      words[n-1]+="$word"
    elif ((i > 0)); then
      words+=("$word")
    fi
    line="\${rest#"$word"}"
  done
  n=\${#words[@]}
  ((n > 0)) || words=("")
  word="\${words[\${#words[@]}-1]}"
  prefix="\${word%"\${word##*["\${COMP_WORDBREAKS:-=:}"]}"}"
  COMPREPLY=()
  while IFS= read -r candidate; do
    printf -v quoted '%q' "\${candidate#"$prefix"}"
    COMPREPLY+=("$quoted")
  done < <(${program} ${COMPLETE_WORD} bash "\${words[@]}" 2>/dev/null)
}
complete -o default -F ${fn} ${program}
`,
  zsh: (program, fn) => `# zsh completion for ${program}, written by toolshape: source it from ~/.zshrc after compinit
${fn}() {
  local -a candidates
  candidates=("\${(@f)$(${program} ${COMPLETE_WORD} zsh "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  candidates=("\${(@)candidates:#}")
  if (( \${#candidates} )); then
    _describe -t values ${program} candidates
  else
    _files
  fi
}
compdef ${fn} ${program}
`,
  fish: (program, fn) => `# fish completion for ${program}, written by toolshape: save it as ~/.config/fish/completions/${program}.fish
function ${fn}
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l current (commandline -ct)
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
 * `_describe` reads it); fish `value<TAB>description`.
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

/**
 * runCli's answer to a completion script (argv `--toolshape-complete
 * <shell> <words...>`): the candidates on stdout, exit 0; a shell it does
 * not know, exit 2. `undefined` when argv asks something else.
 */
export function answerCompletion(argv, io, complete) {
  if (!Array.isArray(argv) || argv[0] !== COMPLETE_WORD) return undefined;
  const shell = argv[1];
  if (!SHELLS.includes(shell)) {
    io.err(`${COMPLETE_WORD} takes a shell first ("bash", "zsh" or "fish"), then the words typed\n`);
    return 2;
  }
  io.out(completionLines(complete(argv.slice(2)), shell));
  return 0;
}
