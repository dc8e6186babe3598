// A small timing harness: each candidate runs in the same process, warmed
// up, several rounds, best round kept (the least disturbed by the machine).

export function measure(fn, { rounds = 7, minMs = 150 } = {}) {
  let iterations = 1;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (ms >= minMs / 4) break;
    iterations *= 2;
  }
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    const ns = Number(process.hrtime.bigint() - start) / iterations;
    best = Math.min(best, ns);
  }
  return best;
}

export function format(ns) {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} us` : `${ns.toFixed(0)} ns`;
}

export function report(title, rows) {
  const base = rows[0][1];
  console.log(`\n${title}`);
  for (const [name, ns] of rows) {
    const ratio = ns / base;
    console.log(`  ${name.padEnd(52)} ${format(ns).padStart(10)}   ${ratio === 1 ? "1.00x (baseline)" : `${ratio.toFixed(2)}x`}`);
  }
}
