// Shared by the browser tests: a static server on 127.0.0.1 and Debian's
// Chromium driven by playwright-core (never a browser download).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { chromium } from "playwright-core";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".css": "text/css" };

/** Serves `mounts` (URL prefix -> folder) on a free port; resolves to { url, close }. */
export async function serve(mounts) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const [prefix, dir] = Object.entries(mounts).find(([p]) => path.startsWith(p)) ?? [];
    const rest = dir === undefined ? null : normalize(path.slice(prefix.length) || "index.html");
    if (rest === null || rest.startsWith("..") || rest.split(sep).includes("..")) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(dir, rest === "." ? "index.html" : rest));
      response.writeHead(200, { "content-type": TYPES[extname(rest)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Headless Debian Chromium; `CHROMIUM` overrides its path. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
