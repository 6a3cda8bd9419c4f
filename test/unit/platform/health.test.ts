// The status rule of decisions.md 3 on finished pings, without a network: healthy, degraded for
// each warning, failing for any failed ping.

import { describe, expect, it } from 'vitest';
import { assessPing } from '../../../src/platform/index.ts';
import type { ManagerResult } from '../../../src/platform/index.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;

function ping(json: unknown, overrides: Partial<ManagerResult> = {}): ManagerResult {
  return {
    ok: true,
    code: 'ok',
    message: 'ok',
    status: 200,
    json,
    request: { type: 'ping', request_id: 'r', protocol_version: '1' },
    requestId: 'r',
    traceId: 't',
    attempts: [{ attempt: 1, code: 'ok', message: 'ok', status: 200, durationMs: 10 }],
    recorded: () => Promise.resolve([1]),
    last: null,
    durationMs: 10,
    ...overrides,
  };
}

const assess = (r: ManagerResult, latencyMs = 10) =>
  assessPing(r, { latencyMs, exchangeIds: [1], now: NOW, healthyLatencyMs: 2000 });

describe('assessPing', () => {
  it('is healthy for a full pong within 2 s, same version, clock within 60 s', () => {
    const r = assess(ping({ type: 'pong', protocol_version: '1', time: NOW_S - 59 }));
    expect(r).toMatchObject({ status: 'healthy', ok: true, warnings: [], error: null });
    expect(r.clock_offset_s).toBeCloseTo(-59, 0);
  });

  it('is degraded when the clock is 60 s or more off', () => {
    const r = assess(ping({ type: 'pong', protocol_version: '1', time: NOW_S + 61 }));
    expect(r.status).toBe('degraded');
    expect(r.warnings[0]).toMatch(/ahead/);
  });

  it('is degraded when the pong takes longer than 2 s', () => {
    expect(assess(ping({ type: 'pong', protocol_version: '1', time: NOW_S }), 2500).status).toBe('degraded');
    expect(assess(ping({ type: 'pong', protocol_version: '1', time: NOW_S }), 1999).status).toBe('healthy');
  });

  it('is degraded for another protocol version, a bare pong or a non-numeric time', () => {
    expect(assess(ping({ type: 'pong', protocol_version: '2', time: NOW_S })).status).toBe('degraded');
    expect(assess(ping({ type: 'pong' })).status).toBe('degraded');
    expect(assess(ping({ type: 'pong', protocol_version: '1', time: 'noon' })).status).toBe('degraded');
  });

  it('is degraded when the pong needed retries', () => {
    const attempts = [
      { attempt: 1, code: 'http_503', message: '', status: 503, durationMs: 1 },
      { attempt: 2, code: 'ok', message: 'ok', status: 200, durationMs: 1 },
    ];
    const r = assess(ping({ type: 'pong', protocol_version: '1', time: NOW_S }, { attempts }));
    expect(r.status).toBe('degraded');
    expect(r.warnings[0]).toMatch(/2 attempts \(http_503\)/);
  });

  it('is failing, with the code, when no valid pong arrived', () => {
    const r = assess(ping(undefined, { ok: false, code: 'invalid_signature', message: 'HTTP 401: bad' }));
    expect(r).toMatchObject({
      status: 'failing',
      ok: false,
      error: { code: 'invalid_signature', message: 'HTTP 401: bad' },
      clock_offset_s: null,
    });
  });
});
