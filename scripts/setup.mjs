// Installs what the build and tests need, each step only when it is missing:
// npm packages (npm ci), the wasm32 Rust target, wasm-bindgen-cli at exactly
// the version Cargo.toml pins, in .tools/ (git-ignored, never global), and
// Debian's chromium for the browser tests, and zsh and fish for the
// completion tests.
// Uses node built-ins only, since it runs before node_modules exists.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

export function run(cmd, args, opts = {}) {
  console.error(`> ${cmd} ${args.join(" ")}`);
  execFileSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
}

function capture(cmd, args) {
  try {
    return execFileSync(cmd, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return "";
  }
}

export function ensureNodeModules() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const lock = join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  run("npm", ["ci", "--no-audit", "--no-fund"]);
}

export function ensureWasmTarget() {
  if (capture("rustup", ["target", "list", "--installed"]).split("\n").includes("wasm32-unknown-unknown")) return;
  run("rustup", ["target", "add", "wasm32-unknown-unknown"]);
}

/** The `=x.y.z` version of the wasm-bindgen crate in Cargo.toml. */
export function pinnedBindgenVersion() {
  const toml = readFileSync(join(root, "Cargo.toml"), "utf8");
  const match = toml.match(/^wasm-bindgen\s*=\s*"=([0-9.]+)"/m);
  if (!match) throw new Error('Cargo.toml must pin wasm-bindgen with "=x.y.z"');
  return match[1];
}

/** Path to the wasm-bindgen binary, installing it into .tools/ if needed. */
export function ensureBindgen() {
  const version = pinnedBindgenVersion();
  const dir = join(root, ".tools", `wasm-bindgen-${version}`);
  const bin = join(dir, "bin", process.platform === "win32" ? "wasm-bindgen.exe" : "wasm-bindgen");
  if (capture(bin, ["--version"]).trim() === `wasm-bindgen ${version}`) return bin;
  // Not --locked: the CLI's published lockfile pins a webpki-roots release
  // that a registry may not serve; cargo resolves compatible versions instead.
  run("cargo", ["install", "wasm-bindgen-cli", "--version", `=${version}`, "--root", dir, "--force"]);
  return bin;
}

/** The wasm features the module uses, for binaryen's tools (wasm-opt, wasm-split). */
export const WASM_FEATURES = ["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types"];

/**
 * How the build optimises the shipped module with wasm-opt, shared with the
 * size profile (bench/size-profile.mjs) so that it profiles the same code.
 * binaryen inlines every function with one caller, whatever its size, so an
 * export's shim grew to hold every path the export might take, and V8
 * compiles a whole function on its first call. Capping that keeps rare
 * paths in functions of their own (a program's first compile and
 * inputSchema compile 11 KB less at 100 bytes, 0.7 ms of start-up). At
 * 10 bytes the raw module is 1% larger but the gzipped one 4% smaller than
 * at 100 (measured: 0 to 40 bytes all give about 245 KiB, 60 gives 252,
 * 100 gives 257), and start-up and per-call times measured the same.
 * A second -Oz pass finds 0.7 KiB more (gzipped) that the first left.
 * Two facts of the module let it do more (1 KiB gzipped): its memory is
 * its own, so zero at start (zero bytes of data segments need no writing),
 * and Rust puts the stack first, so nothing addresses the low 1 KiB (a
 * load's constant offset may be folded into the instruction).
 */
export const WASM_OPT_ARGS = ["--zero-filled-memory", "--low-memory-unused", "-Oz", "--one-caller-inline-max-function-size", "10", "-Oz", "--strip-producers", ...WASM_FEATURES];

/**
 * Node releases the js-tests also run on, beside the one running `npm test`
 * (Node 20 on the development machine, which left support in April 2026):
 * two of the LTS lines after it (24, and 26, LTS since October 2026;
 * the pinned 26.12.1 is from just before). Engines differ where it shows:
 * V8's JSON.stringify stopped recursing in Node 26, which changed an error
 * message. Pinned, so that a new Node release cannot turn a test run red.
 */
export const OTHER_NODES = ["24.21.0", "26.12.1"];

/**
 * The other JavaScript runtimes the package is tried on
 * (js-tests/runtimes.test.mjs): Bun, on JavaScriptCore, and Deno. Pinned,
 * as the Node lines are.
 */
export const RUNTIMES = { bun: "1.4.5", deno: "2.9.6" };

/**
 * Where `name` (node, bun or deno) at `version` is published as an npm
 * package of its binary for this platform, by its own makers: the package,
 * the binary's path in it, and its folder in .tools/. `undefined` on a
 * platform without one.
 */
function packagedBinary(name, version) {
  const os = { linux: "linux", darwin: "darwin" }[process.platform];
  const arch = { x64: "x64", arm64: "arm64" }[process.arch];
  if (os === undefined || arch === undefined) return undefined;
  const packages = {
    node: { pkg: `node-${os}-${arch}`, bin: ["bin", "node"] },
    bun: { pkg: `@oven/bun-${os}-${arch === "arm64" ? "aarch64" : arch}`, bin: ["bin", "bun"] },
    deno: { pkg: `@deno/${os}-${arch}${os === "linux" ? "-glibc" : ""}`, bin: ["deno"] },
  };
  const { pkg, bin } = packages[name];
  const dir = join(root, ".tools", `${name}-${version}`);
  return { pkg, version, dir, path: join(dir, "node_modules", pkg, ...bin) };
}

/** The binary's path when it is installed and answers `--version` with its version, else undefined. */
function installed(found) {
  return found !== undefined && capture(found.path, ["--version"]).includes(found.version) ? found.path : undefined;
}

/** `installed`, installing the package into .tools/ first when it is missing. */
function ensurePackagedBinary(found) {
  if (found === undefined) return undefined;
  if (installed(found) !== undefined) return found.path;
  run("npm", ["install", "--prefix", found.dir, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `${found.pkg}@${found.version}`]);
  if (installed(found) === undefined) throw new Error(`${found.pkg}@${found.version} is in ${found.dir}, but its binary does not answer --version`);
  return found.path;
}

/** A Node binary of exactly `version` in .tools/, installed if needed; undefined on a platform with no package of it. */
export const ensureNode = (version) => ensurePackagedBinary(packagedBinary("node", version));

/** Runtime `name` (bun or deno) at its pinned version, when it is in .tools/; else undefined. */
export const runtimeBinary = (name) => installed(packagedBinary(name, RUNTIMES[name]));

/** `runtimeBinary`, installing the runtime first when it is missing; undefined on a platform with no package of it. */
export const ensureRuntime = (name) => ensurePackagedBinary(packagedBinary(name, RUNTIMES[name]));

/**
 * Debian's Chromium for the browser tests (never a browser download), via
 * apt-get when it is missing. `CHROMIUM` names another binary to use.
 */
export function ensureChromium() {
  const binary = process.env.CHROMIUM || "/usr/bin/chromium";
  if (!existsSync(binary)) aptInstall("chromium");
  return binary;
}

/**
 * zsh and fish for the completion tests, which run each shell's script in
 * the shell itself (bash is already here): Debian's packages, via apt-get
 * when missing.
 */
export function ensureShells() {
  const missing = ["zsh", "fish"].filter((name) => capture(name, ["-c", "echo ok"]).trim() !== "ok");
  if (missing.length > 0) aptInstall(...missing);
}

/** Installs Debian packages with apt-get (as root). */
function aptInstall(...names) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env });
  run("apt-get", ["install", "-y", "-qq", ...names], { env });
}

/**
 * binaryen's `wasm-split`, which the npm build of binaryen lacks, for
 * `npm run bench:split` only: Debian's binaryen package, via apt-get when
 * it is missing. Not part of the build or the tests.
 */
export function ensureWasmSplit() {
  if (!capture("wasm-split", ["--version"]).startsWith("wasm-split version")) aptInstall("binaryen");
  return "wasm-split";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNodeModules();
  ensureWasmTarget();
  console.error(ensureBindgen());
  console.error(ensureChromium());
  ensureShells();
  for (const version of OTHER_NODES) console.error(ensureNode(version) || `no Node ${version} for this platform`);
  for (const name of Object.keys(RUNTIMES)) console.error(ensureRuntime(name) || `no ${name} for this platform`);
}
