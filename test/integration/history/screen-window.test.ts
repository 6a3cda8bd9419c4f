// The History screen's reads through the bridge: a capped filtered count says so ("50,000+") instead
// of a wrong exact number, and keyset windows page through a filter in both directions without gaps.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import type { Handlers } from '../../../src/shared/index.ts';
import type { ExchangeInput } from '../../../src/store/history.ts';
import { COUNT_CAP } from '../../../src/store/history-query.ts';

const exchange = (n: number): ExchangeInput => ({
  direction: 'outgoing',
  connectionId: 'conn_screen',
  requestType: 'tool.invoke',
  tool: n % 2 ? 'searchProducts' : 'getProduct',
  requestId: `req_${n}`,
  method: 'POST',
  url: 'http://127.0.0.1:1/service',
  requestHeaders: [],
  requestBody: Buffer.from('{}'),
  responseStatus: 200,
  verdict: n % 1000 === 0 ? 'timeout' : 'ok',
  startedAt: 1_800_000_000_000 + n,
});

describe('History screen reads', () => {
  let dataDir: string;
  let backend: Backend;
  let h: Handlers;
  const ROWS = COUNT_CAP + 2_000;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ctb-screen-window-'));
    backend = await openBackend({
      dataDir,
      mode: 'browser',
      version: 'test',
      seedPassword: 'screen-pass-1',
      platformServer: false,
    });
    h = backend.handlers;
    for (let done = 0; done < ROWS; done += 5_000)
      backend.engine.history.recordAll(
        Array.from({ length: Math.min(5_000, ROWS - done) }, (_, i) => exchange(done + i)),
      );
  }, 120_000);

  afterAll(async () => {
    await backend.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('counts every exchange exactly without a filter', async () => {
    const c = await h['history:count']({});
    expect(c).toMatchObject({ total: ROWS, capped: false });
    expect(c.floorId).toBeLessThan(c.headId!);
  });

  it('reports a filter matching more than the cap as capped at the cap', async () => {
    const c = await h['history:count']({ filter: { connectionId: 'conn_screen' } });
    expect(c).toMatchObject({ total: COUNT_CAP, capped: true });
  });

  it('counts a narrow filter exactly and not capped', async () => {
    const c = await h['history:count']({ filter: { verdict: 'timeout' } });
    expect(c).toMatchObject({ total: Math.ceil(ROWS / 1000), capped: false });
  });

  it('pages a filter by keyset windows, older then newer, without gaps or repeats', async () => {
    const filter = { verdict: 'timeout' };
    const first = await h['history:window']({ filter, limit: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.newer).toBeNull();
    const second = await h['history:window']({ filter, before: first.older!, limit: 20 });
    expect(second.items[0].id).toBeLessThan(first.items[19].id);
    const ids = [...first.items, ...second.items].map((x) => x.id);
    expect(new Set(ids).size).toBe(40);
    expect(ids.every((id, i) => i === 0 || id < ids[i - 1])).toBe(true);
    const back = await h['history:window']({ filter, after: second.newer!, limit: 20 });
    expect(back.items.map((x) => x.id)).toEqual(first.items.map((x) => x.id));
  });

  it('refuses a window without a limit with a validation error naming it', () => {
    let error: unknown;
    try {
      void h['history:window']({ before: 10 } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'validation_error', message: expect.stringContaining('limit') });
  });
});
