// The front door holds: every relative link and anchor in README.md, docs/,
// CONTRIBUTING.md and bench/README.md resolves; the packed README links to
// nothing the npm page cannot reach; every js block of the docs runs as
// written; each example file a page shows is shown exactly as it is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { root } from "./helpers.mjs";

const PAGES = ["README.md", "CONTRIBUTING.md", "bench/README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const manifest = JSON.parse(readFileSync(join(root, "pkg", "package.json"), "utf8"));
/** Where the repository's files are on the web: `https://github.com/o/r/blob/main/`. */
const BLOB = `${manifest.homepage.replace(/#.*$/, "")}/blob/main/`;
const TREE = `${manifest.homepage.replace(/#.*$/, "")}/tree/main/`;

/** The text outside fenced code blocks and inline code. */
function prose(text) {
  return text.replace(/^```[^]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** Each markdown link's target, outside code. */
function links(text) {
  return [...prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

/** The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces to dashes, repeats numbered). */
export function anchors(text) {
  const seen = new Map();
  const out = new Set();
  for (const [, heading] of text.replace(/^```[^]*?^```$/gm, "").matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** What is wrong with one link of `page` (a path from the root), or undefined. */
function problem(page, target) {
  if (/^(mailto:|https?:)/.test(target) && !target.startsWith(BLOB) && !target.startsWith(TREE)) return undefined;
  const [path, anchor] = target.startsWith(BLOB) || target.startsWith(TREE) ? [target.slice(BLOB.length).split("#")[0], target.split("#")[1]] : target.split("#");
  const file = path === "" ? join(root, page) : target.startsWith("http") ? join(root, path) : join(root, dirname(page), path);
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith(".md") || statSync(file).isDirectory()) return `${target}: an anchor into what is not a page`;
  return anchors(readFileSync(file, "utf8")).has(anchor) ? undefined : `${target}: no heading gives #${anchor}`;
}

test("every relative link and anchor of the docs resolves", () => {
  const found = [];
  let count = 0;
  for (const page of PAGES) {
    for (const target of links(readFileSync(join(root, page), "utf8"))) {
      count++;
      const wrong = problem(page, target);
      if (wrong !== undefined) found.push(`${page}: ${wrong}`);
    }
  }
  assert.deepEqual(found, []);
  assert.ok(count > 25, `${count} links`);
});

test("the link checker finds a dead file, a dead anchor and takes a good one", () => {
  assert.match(problem("docs/repair.md", "missing.md"), /no such file/);
  assert.match(problem("README.md", "docs/repair.md#no-such-heading"), /no heading/);
  assert.equal(problem("README.md", "docs/getting-started.md#an-mcp-server-sdk-1x"), undefined);
  assert.deepEqual([...anchors("# A `b` (c)!\n## A b c\n```\n# not\n```\n## A b c\n")], ["a-b-c", "a-b-c-1", "a-b-c-2"]);
});

test("the packed README reaches nothing the npm page cannot, and the manifest says where the project lives", () => {
  for (const field of ["repository", "homepage", "bugs"]) assert.ok(manifest[field], `package.json has ${field}`);
  assert.match(manifest.repository.url, /^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
  const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: join(root, "pkg"), encoding: "utf8" }))[0].files.map((f) => f.path);
  assert.ok(packed.includes("README.md"));
  const readme = readFileSync(join(root, "pkg", "README.md"), "utf8");
  const targets = links(readme);
  assert.ok(targets.length > 10);
  for (const target of targets) {
    if (/^https?:/.test(target)) {
      assert.equal(problem("README.md", target), undefined, target);
    } else {
      assert.ok(packed.includes(target.split("#")[0]), `${target} is not in the package`);
    }
  }
  // The repository's README, with its links made absolute: nothing else differs.
  assert.ok(readme.replaceAll(BLOB, "") === readFileSync(join(root, "README.md"), "utf8"), "the packed README is the repository's with absolute links (rebuild?)");
});

const EXAMPLES = {
  "examples/quickstart.mjs": ["README.md", "docs/getting-started.md"],
  "examples/mcp-server-v2.mjs": ["docs/getting-started.md"],
  "examples/cli.mjs": ["docs/command-line.md"],
  "examples/mcp-cli.mjs": ["docs/command-line.md"],
  "examples/mcp-server.mjs": ["docs/repair.md"],
  "examples/browser/index.html": ["docs/browsers-and-bundlers.md"],
};

test("each page shows its example files exactly as they are", () => {
  for (const [file, pages] of Object.entries(EXAMPLES)) {
    const text = readFileSync(join(root, file), "utf8").trim();
    for (const page of pages) assert.ok(readFileSync(join(root, page), "utf8").includes(text), `${page} shows ${file} as it is`);
  }
});

test("every other js block of the docs runs as written", () => {
  // Beside the examples, so that "toolshape" resolves as in a user's project.
  // Browser code (the bundler recipes) runs in Chromium: js-tests/bundlers.test.mjs.
  const dir = join(root, "examples", "node_modules");
  let ran = 0;
  for (const page of PAGES) {
    const blocks = [...readFileSync(join(root, page), "utf8").matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
    for (const [i, code] of blocks.entries()) {
      if (code.startsWith("#!") || code.includes("document.")) continue;
      const file = join(dir, `${relative(root, page).replace(/[/.]/g, "-")}-${i}.mjs`);
      writeFileSync(file, code);
      const run = spawnSync(process.execPath, [file], { encoding: "utf8" });
      assert.equal(run.status, 0, `${page}, js block ${i + 1}:\n${run.stderr}`);
      ran++;
      if (code.includes('"--config-timeout", "5"]))')) {
        assert.match(run.stdout, /\{ query: 'cats', config: \{ timeout: 5 \} \}/, page);
      }
    }
  }
  assert.ok(ran >= 8, `${ran} blocks ran`);
});
