// What a failed Test Connection reports: only what was measured. A refused ping has no latency and
// no clock offset; a connector that answers with an error still has a measured round trip.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, makePlatform, rawServer } from './helpers.ts';
import type { RawServer, TestPlatform } from './helpers.ts';

let t: TestPlatform;
const closers: Array<() => Promise<void> | void> = [];
beforeEach(async () => {
  t = await makePlatform();
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await t.cleanup();
});

async function serve(handler: Parameters<typeof rawServer>[0]): Promise<RawServer> {
  const s = await rawServer(handler);
  closers.push(() => s.close());
  return s;
}

describe('a failed connection test', () => {
  it('reports no latency and no clock offset when the connector refuses the connection', async () => {
    const s = await serve(() => (_req, res) => json(res, 200, { type: 'pong' }));
    const deadUrl = s.url;
    await s.close();
    const c = await t.platform.connections.create({ name: 'Dead', webhook_url: deadUrl });
    const report = await t.platform.connections.test(c.id);
    expect(report).toMatchObject({ status: 'failing', ok: false, error: { code: 'connect_error' } });
    expect(report.error!.message).toMatch(/ECONNREFUSED/);
    expect(report.latency_ms).toBeNull();
    expect(report.clock_offset_s).toBeNull();
    expect(t.platform.connections.get(c.id).last_test).toMatchObject({ latency_ms: null });
  });

  it('keeps the measured round trip of a connector that answered with an error', async () => {
    const s = await serve(() => (_req, res) => json(res, 401, { error: { code: 'invalid_signature' } }));
    const c = await t.platform.connections.create({ name: 'Answers', webhook_url: s.url });
    const report = await t.platform.connections.test(c.id);
    expect(report.status).toBe('failing');
    expect(report.latency_ms).toEqual(expect.any(Number));
    expect(report.clock_offset_s).toBeNull();
  });
});
