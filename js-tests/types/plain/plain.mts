// The declarations alone, under a plain `lib: ["es2022"]` with no Node or
// DOM types and exactOptionalPropertyTypes: what a browser project has.
import { compile, type InputSchema, type Args } from "toolshape";

const tool = compile({ type: "object", properties: { a: { type: "string" } } }, { name: "t", envPrefix: undefined });
const schema: InputSchema = tool.inputSchema({ client: "mcp", actionsAs: undefined });
const args: Args = tool.parseArgv(["--a", "x"], { env: { A: "1" } });
tool[Symbol.dispose]();
void [schema, args];
