// The History store reads its virtual list by keyset windows: a far jump lands on the right rows,
// and the blocks around it follow from their neighbours, newest first, with no gap or repeat.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHistoryStore } from '../../../src/renderer/src/store/history/action.ts';
import { initialHistoryState } from '../../../src/renderer/src/store/history/initialState.ts';
import type { ExchangeInput } from '../../../src/store/history.ts';
import { useInProcessEngine } from './engine-transport.ts';
import type { EngineTransport } from './engine-transport.ts';

let env: EngineTransport;
const ROWS = 1_000;
const exchange = (n: number): ExchangeInput => ({
  direction: n % 2 ? 'incoming' : 'outgoing',
  requestType: 'ping',
  requestId: `req_${n}`,
  method: 'POST',
  url: 'http://127.0.0.1:1/service',
  requestHeaders: [],
  requestBody: Buffer.from('{}'),
  verdict: 'ok',
  startedAt: 1_800_000_000_000 + n,
});

beforeEach(async () => {
  env = await useInProcessEngine();
  useHistoryStore.setState(initialHistoryState);
  env.engine.history.recordAll(Array.from({ length: ROWS }, (_, i) => exchange(i)));
});

afterEach(async () => {
  await env.close();
});

const history = () => useHistoryStore.getState();
const ids = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => history().rows[from + i]?.id);

describe('history store windows', () => {
  it('jumps to the end of the list and shows the oldest exchanges there', async () => {
    await history().reload();
    expect(history().total).toBe(ROWS);
    const newest = env.engine.history.newestId()!;
    history().ensure(900, 1000);
    await vi.waitFor(() => expect(history().rows[999]).toBeDefined());
    expect(ids(900, 1000)).toEqual(Array.from({ length: 100 }, (_, i) => newest - 900 - i));
  });

  it('fills the blocks above a far jump from the rows below them, without a gap', async () => {
    await history().setFilter({ direction: 'outgoing' });
    expect(history().total).toBe(ROWS / 2);
    history().ensure(400, 500);
    await vi.waitFor(() => expect(history().rows[499]).toBeDefined());
    history().ensure(250, 450);
    await vi.waitFor(() => expect(history().rows[250]).toBeDefined());
    const shown = ids(250, 500);
    expect(shown.every((id, i) => i === 0 || id! < shown[i - 1]!)).toBe(true);
    expect(new Set(shown).size).toBe(250);
    // Outgoing exchanges are every other id: neighbours in the list are two ids apart.
    expect(shown.every((id, i) => i === 0 || shown[i - 1]! - id! === 2)).toBe(true);
  });

  it('says when a filtered count is capped, and not when it is exact', async () => {
    await history().setFilter({ direction: 'incoming' });
    expect(history()).toMatchObject({ total: ROWS / 2, capped: false });
  });
});
