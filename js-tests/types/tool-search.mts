// The tool-search payloads typed as the vendors' own SDKs type a request's
// tools: this file compiles only if each payload is assignable to them.
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import { createRegistry, defineGroup, defineTool } from "toolshape";
import { z } from "zod";

const registry = createRegistry([
  defineTool({ name: "search", description: "Search", input: z.object({ q: z.string() }), handler: () => "" }),
  defineGroup({ name: "users", description: "Users", actions: { create: { input: z.object({ email: z.string() }), handler: () => "" } } }),
]);
const openaiTools: OpenAI.Responses.Tool[] = registry.toolSearch("openai").tools;
const request: OpenAI.Responses.ResponseCreateParamsNonStreaming = { model: "gpt-5.4", input: "find a user", tools: openaiTools };
const anthropicTools: Anthropic.Messages.ToolUnion[] = registry.toolSearch("anthropic", { search: "regex" }).tools;
const message: Anthropic.Messages.MessageCreateParamsNonStreaming = { model: "claude-opus-4-5", max_tokens: 1024, messages: [{ role: "user", content: "find a user" }], tools: anthropicTools };
const back: string | undefined = registry.toolSearch("openai").names["users_create"];
void [request, message, back];
