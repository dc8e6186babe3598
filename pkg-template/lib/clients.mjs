// The profile for a connected client, from the `clientInfo.name` it sends in
// `initialize` (registry.attach with `client: "auto"`). Names are compared
// in lower case with spaces and underscores read as `-`; an unknown name
// gets `portable`, the profile every client in CLIENTS.md accepts.

import { hasOwn } from "./objects.mjs";

/** clientInfo.name (normalised) -> profile. Kept in the README's table. */
export const KNOWN_CLIENTS = Object.freeze({
  "claude-code": "claude-code",
  "claude-ai": "anthropic",
  "claude-desktop": "anthropic",
  "visual-studio-code": "vscode",
  "visual-studio-code-insiders": "vscode",
  "vscode": "vscode",
  "github-copilot": "vscode",
  "cursor-vscode": "cursor",
  "cursor": "cursor",
  "gemini-cli-mcp-client": "gemini-json",
  "gemini-cli": "gemini-json",
  "codex-mcp-client": "openai",
  "openai-mcp": "openai",
  "mcp-inspector": "mcp",
});

/** The profile for a clientInfo name (`portable` when unknown or absent). */
export function profileForClient(name) {
  if (typeof name !== "string") return "portable";
  const key = name.trim().toLowerCase().replace(/[\s_]+/g, "-");
  return hasOwn(KNOWN_CLIENTS, key) ? KNOWN_CLIENTS[key] : "portable";
}
