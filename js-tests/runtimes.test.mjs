// The package under the other runtimes MCP servers and CLIs run on: Bun
// (JavaScriptCore, not V8) and Deno, at the versions scripts/setup.mjs pins,
// which `npm test` fetches into .tools/. For each:
// - the smoke report (js-tests/runtime-smoke.mjs: every fixture's schemas,
//   flags and usage, argv both ways, repair, help, names, hostile input)
//   equals Node's;
// - the example ops server runs under it over stdio, and the SDK's Client
//   (here, in Node) gets the tools Node's registry lists and calls them,
//   arguments sent as text repaired;
// - the same file is its command line, answering as under Node.
// Run alone without .tools/, the tests are skipped and say why; `npm test`
// sets TOOLSHAPE_RUNTIMES=required, which makes a missing runtime fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { RUNTIMES, runtimeBinary } from "../scripts/setup.mjs";
import { root } from "./helpers.mjs";

const smoke = join(root, "js-tests", "runtime-smoke.mjs");
const server = join(root, "examples", "ops-server.mjs");
const { registry } = await import("../examples/ops-server.mjs");
const required = process.env.TOOLSHAPE_RUNTIMES === "required";

/** The runtime's arguments to run `file`: Deno needs `run` and its permissions. */
const runArgs = (name, file, ...rest) => (name === "deno" ? ["run", "--allow-all", file, ...rest] : [file, ...rest]);

function runIn(bin, args) {
  return spawnSync(bin, args, { encoding: "utf8", cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1" } });
}

/** Node's own smoke report, made once, by the first test that compares with it. */
let nodeReport;
function reportOfNode() {
  if (nodeReport === undefined) {
    const run = runIn(process.execPath, [smoke]);
    assert.equal(run.status, 0, run.stderr);
    nodeReport = JSON.parse(run.stdout);
  }
  return nodeReport;
}

for (const name of Object.keys(RUNTIMES)) {
  const bin = runtimeBinary(name);
  const skip = bin === undefined && !required ? `${name} ${RUNTIMES[name]} is not in .tools/ (npm test, or node scripts/setup.mjs, fetches it)` : false;
  const label = `${name} ${RUNTIMES[name]}`;

  test(`${label}: the smoke report equals Node's`, { skip }, () => {
    assert.ok(bin, `${label} is missing from .tools/`);
    const run = runIn(bin, runArgs(name, smoke));
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.ok(Object.keys(report).length > 70, "the report covers every fixture");
    assert.deepEqual(report, reportOfNode());
  });

  test(`${label}: the ops server over stdio, driven by the SDK's Client`, { skip }, async () => {
    assert.ok(bin, `${label} is missing from .tools/`);
    for (const [clientName, profile] of [
      ["claude-code", "claude-code"],
      ["cursor", "cursor"],
      ["some-new-client", "portable"],
    ]) {
      const client = new Client({ name: clientName, version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command: bin, args: runArgs(name, server), cwd: root, env: { ...process.env, NO_COLOR: "1" }, stderr: "pipe" }));
      try {
        const { tools } = await client.listTools();
        assert.deepEqual(tools, registry.list({ client: profile }), clientName);
        const deployed = await client.callTool({ name: "deploy", arguments: { service: "api", replicas: "3", tags: "a", config: '{"timeout":"7","dryRun":"true"}' } });
        assert.ok(!deployed.isError, deployed.content[0].text);
        const out = JSON.parse(deployed.content[0].text);
        assert.deepEqual([out.replicas, out.tags, out.config], [3, ["a"], { timeout: 7, dryRun: true }]);
        const scaled = await client.callTool({ name: "services", arguments: { action: "scale", service: "x", replicas: "0", plan: '{"module":"offers","steps":"[1,2]"}' } });
        assert.deepEqual(JSON.parse(scaled.content[0].text), { scaled: "x", replicas: 0, plan: { module: "offers", steps: [1, 2] } });
        const misspelt = await client.callTool({ name: "services", arguments: { action: "scael", service: "x" } });
        assert.equal(misspelt.content[0].text, '[services] Unknown action "scael". Did you mean "scale"? Actions: status, scale, restart');
      } finally {
        await client.close();
      }
    }
  });

  test(`${label}: the same file as a command line answers as under Node`, { skip }, () => {
    assert.ok(bin, `${label} is missing from .tools/`);
    for (const argv of [
      ["deploy", "--service", "api", "--config-timeout", "5", "--tags", "a", "--tags", "b"],
      ["services", "scale", "--service", "api", "--replicas", "3", "--plan-module", "m", "--plan-steps", "1", "--plan-steps", "2"],
      ["--help"],
      ["deploy", "--help"],
      ["services", "scale", "--service", "x", "--replicas", "1.5"],
      ["deplyo"],
    ]) {
      const node = runIn(process.execPath, [server, ...argv]);
      const other = runIn(bin, runArgs(name, server, ...argv));
      assert.deepEqual({ status: other.status, stdout: other.stdout, stderr: other.stderr }, { status: node.status, stdout: node.stdout, stderr: node.stderr }, argv.join(" "));
    }
  });
}
