// Builds pkg/ when it is missing or older than any source it is made from.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { root, run } from "./setup.mjs";

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

const stamp = join(root, "pkg", "package.json");
const sources = ["src", "pkg-template", "Cargo.toml", "scripts/build.mjs"].map((p) => join(root, p));
if (!existsSync(stamp) || sources.some((s) => newest(s) > statSync(stamp).mtimeMs)) {
  run(process.execPath, [join(root, "scripts", "build.mjs")]);
}
