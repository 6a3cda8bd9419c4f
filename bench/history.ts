// Benchmark of the exchange history: insert N exchanges (default 1,000,000) in batched
// transactions, then page through them by connection, tool, verdict and their combinations.
// Usage: node bench/history.ts [--rows N] [--keep]   Target: page query p95 < 20 ms.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/store/database.ts';
import { History } from '../src/store/history.ts';
import type { ExchangeInput, HistoryFilter } from '../src/store/history.ts';

const args = process.argv.slice(2);
const rowsArg = args.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(args[rowsArg + 1]) : 1_000_000;
const BATCH = 10_000;
const CONNECTIONS = Array.from({ length: 20 }, (_, i) => `conn_${i.toString().padStart(4, '0')}`);
const TOOLS = [
  'searchProducts',
  'getProduct',
  'calculateQuote',
  'createQuotation',
  'listOrders',
  'getCustomer',
  'updateStock',
  'cancelOrder',
  'refund',
  'track',
  'notify',
  'ping',
];
// Skewed like real traffic: mostly ok, a few of each failure.
const VERDICTS: Array<[string, number]> = [
  ['ok', 0.9],
  ['timeout', 0.03],
  ['invalid_signature', 0.03],
  ['http_500', 0.02],
  ['connect_error', 0.015],
  ['invalid_response', 0.005],
];

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
function pickVerdict(): string {
  let r = rand();
  for (const [v, p] of VERDICTS) if ((r -= p) <= 0) return v;
  return 'ok';
}

const dir = mkdtempSync(join(tmpdir(), 'ctb-bench-history-'));
const file = join(dir, 'history.db');
const db = openDatabase(file);
const history = new History(db);
const requestBody = Buffer.from(
  JSON.stringify({
    protocol_version: '1',
    request_id: 'x'.repeat(36),
    type: 'tool.invoke',
    tool: 'searchProducts',
    parameters: { query: 'widget', limit: 10 },
  }),
);
const responseBody = randomBytes(160);
const headers: Array<[string, string]> = [
  ['content-type', 'application/json'],
  ['x-service-signature', `v1=${'a'.repeat(64)}`],
  ['x-service-timestamp', '1800000000'],
];

const insertStart = performance.now();
const insertBatch = db.transaction((n: number, base: number) => {
  for (let i = 0; i < n; i++) {
    const verdict = pickVerdict();
    const e: ExchangeInput = {
      direction: 'outgoing',
      connectionId: pick(CONNECTIONS),
      requestType: 'tool.invoke',
      tool: pick(TOOLS),
      requestId: `req_${base + i}`,
      traceId: `trace_${base + i}`,
      method: 'POST',
      url: 'https://connector.example.com/service',
      requestHeaders: headers,
      requestBody,
      responseStatus: verdict === 'ok' ? 200 : 500,
      responseBody,
      verdict,
      timing: { totalMs: rand() * 50 },
      startedAt: 1_800_000_000_000 + base + i,
    };
    history.record(e);
  }
});
for (let done = 0; done < ROWS; done += BATCH) {
  insertBatch(Math.min(BATCH, ROWS - done), done);
  if (done % 200_000 === 0 && done > 0) process.stdout.write(`  ${done} rows...\n`);
}
const insertSeconds = (performance.now() - insertStart) / 1000;
db.pragma('wal_checkpoint(TRUNCATE)');

const filters: Array<[string, () => HistoryFilter]> = [
  ['none', () => ({})],
  ['connection', () => ({ connectionId: pick(CONNECTIONS) })],
  ['tool', () => ({ tool: pick(TOOLS) })],
  ['verdict', () => ({ verdict: pick(VERDICTS)[0] })],
  ['connection+tool', () => ({ connectionId: pick(CONNECTIONS), tool: pick(TOOLS) })],
  ['connection+verdict', () => ({ connectionId: pick(CONNECTIONS), verdict: pick(VERDICTS)[0] })],
  ['tool+verdict', () => ({ tool: pick(TOOLS), verdict: pick(VERDICTS)[0] })],
  [
    'connection+tool+verdict',
    () => ({ connectionId: pick(CONNECTIONS), tool: pick(TOOLS), verdict: pick(VERDICTS)[0] }),
  ],
  ['no match', () => ({ connectionId: pick(CONNECTIONS), tool: pick(TOOLS), verdict: 'never_seen' })],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const all: number[] = [];
console.log(
  `history bench: ${ROWS.toLocaleString('en')} exchanges, ${(statSync(file).size / 1e6).toFixed(0)} MB`,
);
console.log(
  `insert: ${insertSeconds.toFixed(1)} s, ${Math.round(ROWS / insertSeconds).toLocaleString('en')} rows/s (batches of ${BATCH})`,
);
console.log('page queries (50 rows, first page then 4 deeper pages by keyset):');
for (const [name, make] of filters) {
  const times: number[] = [];
  for (let round = 0; round < 40; round++) {
    const filter = make();
    let before: number | undefined;
    for (let page = 0; page < 5; page++) {
      const t0 = performance.now();
      const result = history.page(filter, { before, limit: 50 });
      times.push(performance.now() - t0);
      if (result.nextBefore === null) break;
      before = result.nextBefore;
    }
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  console.log(
    `  ${name.padEnd(24)} p50 ${percentile(times, 0.5).toFixed(2).padStart(7)} ms   p95 ${percentile(times, 0.95).toFixed(2).padStart(7)} ms   (${times.length} pages)`,
  );
}
all.sort((a, b) => a - b);
const p95 = percentile(all, 0.95);
console.log(
  `all filters: p50 ${percentile(all, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target < 20 ms: ${p95 < 20 ? 'met' : 'MISSED'})`,
);
db.close();
if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${file}`);
