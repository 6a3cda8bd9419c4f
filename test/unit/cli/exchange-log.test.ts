// The request log's line for a connector exchange: its columns, and the head a repeated verified
// call shares with the last one, which must never hide a change (second, tool, status, verdict).

import { describe, expect, it } from 'vitest';
import { createConnector } from '../../../src/connector/index.ts';
import type { ExchangeEvent } from '../../../src/connector/index.ts';
import { diagnose, exchangeHead, exchangeLine } from '../../../src/cli/exchange-log.ts';
import { sign } from '../../../src/protocol/index.ts';

const SECRET = 'log-secret';
const NOW = 1_800_000_000;

async function exchanges(...requests: Array<{ payload: unknown; secret?: string }>) {
  const events: ExchangeEvent[] = [];
  const c = createConnector({ signingSecret: SECRET, now: () => NOW })
    .tool('echo', { description: 'Echoes', input_schema: { type: 'object' } }, (p) => p)
    .tool('other', { description: 'Echoes too', input_schema: { type: 'object' } }, (p) => p)
    .on('exchange', (e) => events.push(e));
  for (const { payload, secret = SECRET } of requests) {
    const body = Buffer.from(JSON.stringify(payload));
    await c.handle({
      method: 'POST',
      path: '/service',
      headers: { ...sign(secret, body, { timestamp: NOW }) },
      body,
    });
  }
  return events;
}

const env = (type: string, extra = {}) => ({ protocol_version: '1', request_id: 'r-1', type, ...extra });
const invoke = (tool: string) => env('tool.invoke', { tool, parameters: {} });
const at = (e: ExchangeEvent, second: number) => ({ ...e, startedAt: second * 1000 + 250 });
const clock = (second: number) => new Date(second * 1000).toTimeString().slice(0, 8);

describe('exchangeLine', () => {
  it('shows time, method and path, type and tool, verdict, status and duration', async () => {
    const [ping, call] = await exchanges({ payload: env('ping') }, { payload: invoke('echo') });
    expect(exchangeLine({ ...at(ping, NOW), durationMs: 0.26 }, null)).toBe(
      `${clock(NOW)}  POST /service  ping  ok  200  0.3 ms`,
    );
    expect(exchangeLine({ ...at(call, NOW), durationMs: 12 }, null)).toBe(
      `${clock(NOW)}  POST /service  tool.invoke echo  ok  200  12.0 ms`,
    );
  });

  it('says why a signature failed', async () => {
    const [bad] = await exchanges({ payload: env('ping'), secret: 'another-secret' });
    const diagnosis = diagnose(bad, { secret: SECRET, toleranceSeconds: 300 });
    expect(exchangeLine(at(bad, NOW), diagnosis)).toMatch(
      /ping {2}invalid_signature: signature_mismatch — .+ {2}401 {2}/,
    );
  });
});

describe('exchangeHead', () => {
  it('returns the same head for the same verified call in the same second', async () => {
    const [a, b] = await exchanges({ payload: env('ping') }, { payload: env('ping') });
    const first = exchangeHead(at(a, NOW), null);
    expect(exchangeHead(at(b, NOW), null)).toBe(first);
    expect(first).toBe(`${clock(NOW)}  POST /service  ping  ok  200`);
  });

  it('builds a new head when the second, the tool or the verdict changes', async () => {
    const [ping, echo, other, bad] = await exchanges(
      { payload: env('ping') },
      { payload: invoke('echo') },
      { payload: invoke('other') },
      { payload: invoke('other'), secret: 'another-secret' },
    );
    expect(exchangeHead(at(ping, NOW), null)).toBe(`${clock(NOW)}  POST /service  ping  ok  200`);
    expect(exchangeHead(at(ping, NOW + 1), null)).toBe(`${clock(NOW + 1)}  POST /service  ping  ok  200`);
    expect(exchangeHead(at(echo, NOW + 1), null)).toContain('tool.invoke echo  ok  200');
    expect(exchangeHead(at(other, NOW + 1), null)).toContain('tool.invoke other  ok  200');
    const diagnosis = diagnose(bad, { secret: SECRET, toleranceSeconds: 300 });
    expect(exchangeHead(at(bad, NOW + 1), diagnosis)).toContain('invalid_signature: signature_mismatch');
    // The failure is not kept: the next verified call is shown as verified.
    expect(exchangeHead(at(other, NOW + 1), null)).toContain('tool.invoke other  ok  200');
  });

  it('builds a new head when the status or the path changes', async () => {
    const [ping] = await exchanges({ payload: env('ping') });
    exchangeHead(at(ping, NOW), null);
    const teapot = { ...at(ping, NOW), response: { ...ping.response, status: 418 } };
    expect(exchangeHead(teapot, null)).toBe(`${clock(NOW)}  POST /service  ping  ok  418`);
    expect(exchangeHead({ ...at(ping, NOW), path: '/elsewhere' }, null)).toBe(
      `${clock(NOW)}  POST /elsewhere  ping  ok  200`,
    );
  });
});
