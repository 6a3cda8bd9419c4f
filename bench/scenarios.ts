// `ctb run` overhead: a 200-step scenario collection against a local connector, timed against sending
// the same 200 signed requests with the signing client alone, in the same run. Target: ratio <= 1.3.

import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildRequest, signedCall } from '../src/client/index.ts';
import { parseScenario, runCollection } from '../src/scenarios/index.ts';

const STEPS = 200;
// A round is two collections (~80 ms): seven of them left the median to a few slow rounds (1.12 to
// 1.46 on the same code); thirty-one cost two more seconds.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const TARGET = 1.3;
const SECRET = 'whsec_bench_connector_0123456789abcdef';

const child = fork(fileURLToPath(new URL('./lib/connector-servers.ts', import.meta.url)), ['sdk'], {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const port = await new Promise<number>((resolve) =>
  child.once('message', (m) => resolve((m as { port: number }).port)),
);
const url = `http://127.0.0.1:${port}/service`;

// What QA writes: each step a tool call with an expectation on status, type and a subset of the output.
const yaml = [
  'name: two hundred searches',
  'steps:',
  ...Array.from({ length: STEPS }, (_, i) =>
    [
      `  - name: search ${i}`,
      `    request: { type: tool.invoke, tool: searchProducts, parameters: { query: "q${i}" } }`,
      `    expect: { status: 200, type: result, output: { query: "q${i}", count: 0 } }`,
    ].join('\n'),
  ),
].join('\n');
const collection = [parseScenario(yaml, 'bench.yaml')];

async function scenarios(): Promise<number> {
  const t0 = performance.now();
  const report = await runCollection(collection, { url, secret: SECRET });
  if (report.failed > 0)
    throw new Error(`bench collection failed: ${JSON.stringify(report.results.find((r) => !r.passed))}`);
  return performance.now() - t0;
}

async function clientAlone(): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < STEPS; i++) {
    const r = await signedCall({
      url,
      secret: SECRET,
      body: buildRequest('tool.invoke', { tool: 'searchProducts', parameters: { query: `q${i}` } }),
    });
    if (r.response?.status !== 200)
      throw new Error(`baseline request failed: ${r.error?.code ?? r.response?.status}`);
  }
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  await scenarios();
  await clientAlone();
  const ratios: number[] = [];
  const overhead: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate the order so neither side always runs on a warmer machine.
    const [a, b] =
      r % 2 ? [await clientAlone(), await scenarios()] : [await scenarios(), await clientAlone()].reverse();
    ratios.push(b / a);
    overhead.push(b - a);
  }
  const ratio = median(ratios);
  const sorted = [...ratios].sort((a, b) => a - b);
  const quartile = (q: number) => sorted[Math.floor(q * (sorted.length - 1))].toFixed(2);
  console.log(
    `ctb run, ${STEPS} steps vs the signing client alone: ratio ${ratio.toFixed(3)} (median of ${ROUNDS} paired rounds, middle half ${quartile(0.25)}-${quartile(0.75)}; target <= ${TARGET}), overhead ${median(overhead).toFixed(0)} ms per collection`,
  );
  console.log(ratio <= TARGET ? 'met' : 'MISSED');
  if (ratio > TARGET) process.exitCode = 1;
} finally {
  child.kill();
}
