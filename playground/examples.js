// The playground's built-in examples: Zod code (evaluated in the page with
// `z` and `defineGroup` in scope), or a tool as an MCP server lists it, and
// a command line and client arguments to start from.
export const EXAMPLES = [
  {
    name: "Nested deploy tool",
    client: "mcp",
    schema: `z.object({
  service: z.string().describe("Service to deploy"),
  environment: z.enum(["dev", "staging", "prod"]).default("dev"),
  replicas: z.number().int().min(1).max(50).default(2),
  tags: z.array(z.string()).optional(),
  config: z.object({
    timeout: z.number().positive().default(30).describe("Seconds"),
    dryRun: z.boolean().default(false),
  }).optional(),
})`,
    argv: `--service "my api" --config-timeout 5 --tags a --tags b`,
    repair: `{"service": "api", "replicas": "3", "config": "{\\"timeout\\": \\"7\\"}"}`,
  },
  {
    name: "Action union",
    client: "claude-code",
    schema: `z.discriminatedUnion("action", [
  z.object({ action: z.literal("list"), all: z.boolean().optional() }),
  z.object({ action: z.literal("logs"), id: z.string(), lines: z.number().int().default(50) }),
  z.object({ action: z.literal("restart"), id: z.string(), force: z.boolean().default(false) }),
])`,
    argv: `logs --id web-1 --lines 20`,
    repair: `{"action": "logs", "id": "web-1", "lines": "20"}`,
  },
  {
    name: "Grouped tool (defineGroup)",
    client: "cursor",
    schema: `defineGroup({
  name: "users",
  description: "Manage users",
  common: z.object({ workspace: z.string().describe("Workspace ID") }),
  actions: {
    list: { description: "List users", input: z.object({ limit: z.number().int().optional() }), readOnly: true, handler: () => [] },
    ban: { description: "Ban a user", input: z.object({ id: z.string() }), destructive: true, handler: () => "ok" },
  },
})`,
    argv: `ban --workspace w1 --id u9`,
    repair: `{"action": "list", "workspace": "w1", "limit": "5"}`,
  },
  {
    name: "An MCP server's tool (the filesystem server's edit_file)",
    client: "openai-strict",
    schema: `{
  "name": "edit_file",
  "description": "Make line-based edits to a text file.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "path": {
        "type": "string"
      },
      "edits": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "oldText": {
              "type": "string",
              "description": "Text to search for - must match exactly"
            },
            "newText": {
              "type": "string",
              "description": "Text to replace with"
            }
          },
          "required": [
            "oldText",
            "newText"
          ]
        }
      },
      "dryRun": {
        "default": false,
        "description": "Preview changes using git-style diff format",
        "type": "boolean"
      }
    },
    "required": [
      "path",
      "edits"
    ],
    "$schema": "http://json-schema.org/draft-07/schema#"
  }
}`,
    argv: `--path notes.md --edits '[{"oldText":"a","newText":"b"}]' --dry-run`,
    repair: `{"path": "notes.md", "edits": "[{\\"oldText\\": \\"a\\", \\"newText\\": \\"b\\"}]", "dryRun": "true"}`,
  },
  {
    name: "A schema some clients refuse",
    client: "openai-strict",
    schema: `z.object({
  query: z.string(),
  labels: z.record(z.string(), z.string()).describe("Free-form labels"),
  since: z.iso.date().optional(),
})`,
    argv: `--query db --labels '{"team":"ops"}'`,
    repair: `{"query": "db", "labels": "{\\"team\\": \\"ops\\"}", "since": null}`,
  },
];
