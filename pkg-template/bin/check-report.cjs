"use strict";
// `toolshape check`'s report and what its exit code means. A strict
// profile's refusal is no failure: a registry lists that client the tool's
// non-strict schema instead (openai for openai-strict, anthropic for
// anthropic-strict). Exit 1 only when some client would be listed nothing.

/** The profile a registry falls back to when the strict one refuses a tool. */
const FALLBACK = { "openai-strict": "openai", "anthropic-strict": "anthropic" };

/** The clients that would be served nothing: refused, with no fallback that takes it. */
function refusedBy(checks, all) {
  const ok = new Map(all.map((c) => [c.client, c.ok]));
  return checks.filter((c) => !c.ok && !(FALLBACK[c.client] !== undefined && ok.get(FALLBACK[c.client]))).map((c) => c.client);
}

/** The table of clients, each finding on its own line, and the verdict. */
function checkText(checks, all) {
  const rows = [["client", "ok", "warnings", "errors"], ...checks.map((c) => [c.client, c.ok ? "yes" : "no", String(c.warnings.length), String(c.errors.length)])];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd());
  const findings = [];
  for (const c of checks) {
    for (const f of c.errors) findings.push(`${c.client}: error ${f.code} at #${f.pointer}: ${f.message}`);
    for (const f of c.warnings) findings.push(`${c.client}: warning ${f.code} at #${f.pointer}: ${f.message}`);
  }
  if (findings.length > 0) lines.push("", ...findings);
  const refused = refusedBy(checks, all);
  const fallen = checks.filter((c) => !c.ok && !refused.includes(c.client)).map((c) => `${c.client} gets its ${FALLBACK[c.client]} schema`);
  lines.push("");
  if (refused.length > 0) lines.push(`refused by ${refused.join(", ")}: a registry leaves the tool out of their lists (exit 1)`);
  else lines.push(`every client takes it${fallen.length > 0 ? ` (${fallen.join("; ")}, not strict)` : ""}${findings.length > 0 ? "; the warnings say what each changes" : ""} (exit 0)`);
  return lines.join("\n");
}

module.exports = { checkText, refusedBy };
