// Synthetic exchanges for bench/history.ts: a month of mixed traffic (outgoing per connection,
// some incoming per local connector, skewed verdicts, random uuid-like ids), reproducible by seed.

import { randomBytes } from 'node:crypto';
import type { ExchangeInput } from '../../src/store/history.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = 1_800_000_000_000;
const CONNECTIONS = Array.from({ length: 20 }, (_, i) => `conn_${i.toString().padStart(4, '0')}`);
const LOCALS = Array.from({ length: 4 }, (_, i) => `local_${i}`);
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
// Math.imul keeps the product in 32 bits: a plain product passed 2^53, lost its low bits and made
// the generator cycle after ~10k draws (a million rows then held only 549 distinct ids).
export const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
export const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
function pickVerdict(): string {
  let r = rand();
  for (const [v, p] of VERDICTS) if ((r -= p) <= 0) return v;
  return 'ok';
}
const hex = (n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rand() * 16).toString(16);
  return s;
};
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;

/** Shape of the month the rows are spread over, for filters that need to know it. */
export function spec(rows: number) {
  return { HOUR, DAY, T0, SPAN: 30 * DAY, STEP: (30 * DAY) / rows, CONNECTIONS, LOCALS, TOOLS };
}

const responseBody = randomBytes(160);
const headers: Array<[string, string]> = [
  ['content-type', 'application/json'],
  ['x-service-signature', `v1=${'a'.repeat(64)}`],
  ['x-service-timestamp', '1800000000'],
];

/** `count` exchanges, the `base`-th onwards of a `rows`-row month (1M unless told). */
export function makeRows(base: number, count: number, rows = 1_000_000): ExchangeInput[] {
  const { STEP } = spec(rows);
  const out: ExchangeInput[] = [];
  for (let i = 0; i < count; i++) {
    const n = base + i;
    const verdict = pickVerdict();
    const incoming = rand() < 0.1;
    const type = rand() < 0.05 ? 'capabilities.list' : 'tool.invoke';
    const requestId = uuid();
    out.push({
      direction: incoming ? 'incoming' : 'outgoing',
      connectionId: incoming ? null : pick(CONNECTIONS),
      localConnectorId: incoming ? pick(LOCALS) : null,
      requestType: type,
      tool: type === 'tool.invoke' ? pick(TOOLS) : null,
      requestId,
      traceId: uuid(),
      method: 'POST',
      url: 'https://connector.example.com/service',
      requestHeaders: headers,
      requestBody: Buffer.from(
        `{"protocol_version":"1","request_id":"${requestId}","type":"${type}","tool":"searchProducts","parameters":{"query":"widget","limit":10}}`,
      ),
      responseStatus:
        verdict === 'ok' ? 200 : verdict === 'connect_error' || verdict === 'timeout' ? null : 500,
      responseBody,
      verdict,
      timing: { totalMs: rand() * 50 },
      // Mostly in order, with a little jitter: exchanges finish (and are recorded) out of start order.
      startedAt: Math.round(T0 + n * STEP - rand() * 2000),
    });
  }
  return out;
}
