// Grouped tools (issue 12's bar): definition() of a 50-action group once it
// is defined (computed once per client, then a copy), and what a call's
// routing, repair, key checks and result add to the handler's own time for
// valid arguments, against validating with the same Zod schemas and
// calling the handler directly.
import { z } from "zod";
import { defineGroup } from "../pkg/index.mjs";
import { format, measure } from "./harness.mjs";

async function measureAsync(fn, { rounds = 7, iterations = 20000 } = {}) {
  for (let i = 0; i < 2000; i++) await fn();
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) await fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / iterations);
  }
  return best;
}

export async function run() {
  const handler = async (args) => args.n;
  const actions = {};
  for (let i = 0; i < 50; i++) {
    actions[`a${i}`] = { description: `Action ${i}`, input: z.object({ n: z.number().int(), [`f${i}`]: z.string().optional(), tags: z.array(z.string()).optional() }), handler };
  }
  const common = z.object({ workspace: z.string() });
  const group = defineGroup({ name: "big", description: "Fifty actions", common, actions });
  group.definition(); // computed once
  const definitionNs = measure(() => group.definition());
  const args = { action: "a7", workspace: "w", n: 3, tags: ["x"] };
  await group.call(args);
  const viaCall = await measureAsync(() => group.call(args));
  const own = z.object({ n: z.number().int(), f7: z.string().optional(), tags: z.array(z.string()).optional() });
  const direct = await measureAsync(async () => {
    const c = common.safeParse({ workspace: args.workspace });
    const o = own.safeParse({ n: args.n, tags: args.tags });
    return { content: [{ type: "text", text: JSON.stringify(await handler({ ...c.data, ...o.data }), null, 2) }] };
  });
  const overhead = viaCall - direct;
  console.log("\nGrouped tools (50 actions)");
  console.log(`  definition() after the group is defined            ${format(definitionNs).padStart(10)}`);
  console.log(`  call(): validation + handler, direct                ${format(direct).padStart(10)}`);
  console.log(`  call(): through the group                           ${format(viaCall).padStart(10)}   (+${format(overhead)})`);
  return { definitionNs, overhead, direct };
}
