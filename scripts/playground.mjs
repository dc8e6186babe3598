// npm run playground: builds the playground (when its sources or the
// package are newer than the build) into playground/dist with esbuild, on
// the shipped package's web entry, and serves it on 127.0.0.1:$PORT
// (default 5173), the URL as the first line printed. Imported, it gives
// `buildPlayground` and `servePlayground` to the tests.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { root, run } from "./setup.mjs";

const source = join(root, "playground");
export const dist = join(source, "dist");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm", ".png": "image/png" };

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== "dist" && !name.endsWith(".png"))
    .reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

/** Builds playground/dist unless it is newer than every source. */
export async function buildPlayground({ force = false } = {}) {
  run(process.execPath, [join(root, "scripts", "ensure-built.mjs")]);
  const stamp = join(dist, "main.js");
  const inputs = [source, join(root, "pkg"), join(root, "scripts", "playground.mjs")];
  if (!force && existsSync(stamp) && inputs.every((p) => newest(p) <= statSync(stamp).mtimeMs)) return dist;
  mkdirSync(dist, { recursive: true });
  await build({
    entryPoints: [join(source, "main.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outfile: stamp,
    // The file the package's `browser` export names: the shipped web entry.
    alias: { toolshape: join(root, "pkg", "web", "index.js") },
    logLevel: "warning",
  });
  // The web entry finds its .wasm (and, to restart after a trap, its glue) beside it.
  copyFileSync(join(root, "pkg", "web", "toolshape_bg.wasm"), join(dist, "toolshape_bg.wasm"));
  copyFileSync(join(root, "pkg", "web", "toolshape.js"), join(dist, "toolshape.js"));
  copyFileSync(join(source, "index.html"), join(dist, "index.html"));
  return dist;
}

/** Serves playground/dist on 127.0.0.1:`port` (0: any free port); resolves to { url, close }. */
export async function servePlayground(port = 0) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const rest = normalize(path === "/" ? "index.html" : path.slice(1));
    if (rest.startsWith("..") || rest.split(sep).includes("..")) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(dist, rest));
      response.writeHead(200, { "content-type": TYPES[extname(rest)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildPlayground();
  const port = process.env.PORT === undefined ? 5173 : Number(process.env.PORT);
  const { url } = await servePlayground(port);
  console.log(url);
  console.log("toolshape playground: Ctrl-C to stop");
}
