// A FastMCP server over stdio whose tool's parameters are toStandardSchema(Zod):
// run by frameworks.test.mjs with the SDK's Client.
import { FastMCP } from "fastmcp";
import { z } from "zod";
import { toStandardSchema } from "../pkg/index.mjs";

const Search = z.object({ query: z.string(), filters: z.object({ owners: z.array(z.string()) }).optional(), limit: z.number().int().max(100).default(10) });
const server = new FastMCP({ name: "fastmcp-toolshape", version: "1.0.0" });
server.addTool({
  name: "search",
  description: "Search the catalogue",
  parameters: toStandardSchema(Search),
  execute: async (args) => JSON.stringify(args),
});
server.start({ transportType: "stdio" });
