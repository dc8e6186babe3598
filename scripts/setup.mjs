// Installs what the build and tests need, each step only when it is missing:
// npm packages (npm ci), the wasm32 Rust target, wasm-bindgen-cli at exactly
// the version Cargo.toml pins, in .tools/ (git-ignored, never global), and
// Debian's chromium for the browser tests.
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

/**
 * Debian's Chromium for the browser tests (never a browser download), via
 * apt-get when it is missing. `CHROMIUM` names another binary to use.
 */
export function ensureChromium() {
  const binary = process.env.CHROMIUM || "/usr/bin/chromium";
  if (existsSync(binary)) return binary;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env });
  run("apt-get", ["install", "-y", "-qq", "chromium"], { env });
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNodeModules();
  ensureWasmTarget();
  console.error(ensureBindgen());
  console.error(ensureChromium());
}
