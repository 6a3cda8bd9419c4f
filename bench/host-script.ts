// Benchmark: latency of one script-behaviour call under the host's strategy (a fresh worker per
// call, one started ahead) against a reused worker (what a pool would give) and against booting
// each worker on demand. Usage: node bench/host-script.ts [--full]. Prints medians and ratios.

import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { ScriptRunner } from '../src/connector/host/script-runner.ts';
import { fullRun, median, NO_TARGET_EXIT } from './lib/measure.ts';

const CALLS = fullRun() ? 200 : 25;
/** Pause between calls, as a person clicking or a platform retrying leaves: the spare boots meanwhile. */
const GAP_MS = 250;
const SOURCE = 'const lines = parameters.lines; return { units: lines.reduce((n, l) => n + l.quantity, 0) };';
const PARAMS = { lines: Array.from({ length: 20 }, (_, i) => ({ sku: `SKU-${i}`, quantity: i + 1 })) };

async function measure(name: string, call: () => Promise<unknown>, gapMs: number): Promise<number> {
  for (let i = 0; i < 3; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    if (gapMs > 0) await sleep(gapMs);
    const t0 = performance.now();
    await call();
    samples.push(performance.now() - t0);
  }
  const m = median(samples);
  console.log(`${name.padEnd(44)} median ${m.toFixed(2)} ms`);
  return m;
}

/** A pool of one: the same worker runs every call in a fresh vm context (state can still leak via the worker). */
function reusedWorker(): { call: () => Promise<unknown>; close: () => Promise<number> } {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads'); const vm = require('node:vm');
     parentPort.on('message', async ({ source, parameters }) => {
       const fn = new vm.Script('(async function (parameters) {\\n' + source + '\\n})').runInContext(vm.createContext({}));
       parentPort.postMessage(JSON.stringify(await fn(parameters)));
     });`,
    { eval: true, resourceLimits: { maxOldGenerationSizeMb: 32 } },
  );
  return {
    call: () =>
      new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage({ source: SOURCE, parameters: PARAMS });
      }),
    close: () => worker.terminate(),
  };
}

const job = {
  source: SOURCE,
  parameters: PARAMS,
  context: { requestId: 'bench' },
  timeoutMs: 5000,
  memoryMb: 32,
};
const pooled = reusedWorker();
const withSpare = new ScriptRunner();
const onDemand = new ScriptRunner({ spare: false });

console.log(`script behaviour latency, ${CALLS} calls each, ${GAP_MS} ms between calls unless noted`);
const base = await measure('reused worker (pool of one, baseline)', pooled.call, GAP_MS);
const spare = await measure('fresh worker per call, one started ahead', () => withSpare.run(job), GAP_MS);
const cold = await measure('fresh worker per call, booted on demand', () => onDemand.run(job), GAP_MS);
const burst = await measure('fresh worker + spare, back-to-back calls', () => withSpare.run(job), 0);
console.log('');
console.log(`ratio spare/pool        ${(spare / base).toFixed(2)}x`);
console.log(`ratio on-demand/pool    ${(cold / base).toFixed(2)}x`);
console.log(`ratio back-to-back/pool ${(burst / base).toFixed(2)}x`);
console.log('no target: these ratios are measured for information only');
process.exitCode = NO_TARGET_EXIT;
await pooled.close();
await withSpare.stopAll();
await onDemand.stopAll();
