// Retention as the user sets it in the History screen: keep at most N exchanges and/or D days,
// stored in the database, pruned oldest first in batches.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';
import type { ExchangeInput } from '../../../src/store/history.ts';
import { PRUNE_BATCH, RetentionPruner } from '../../../src/engine/index.ts';

const HOUR = 3600_000;
const NOW = Date.UTC(2026, 5, 1);

function exchange(i: number, startedAt: number): ExchangeInput {
  return {
    direction: 'outgoing',
    method: 'POST',
    url: 'http://127.0.0.1:9/',
    requestHeaders: [],
    requestBody: Buffer.from(`{"n":${i}}`),
    verdict: 'ok',
    requestId: `r${i}`,
    startedAt,
  };
}

describe('history retention', () => {
  let db: Db;
  let history: History;
  let pruner: RetentionPruner;

  beforeEach(() => {
    db = openDatabase(':memory:');
    history = new History(db);
    pruner = new RetentionPruner(history);
    pruner.now = () => NOW;
  });
  afterEach(() => db.close());

  it('keeps only the newest N exchanges, deleting in several batches', async () => {
    const n = PRUNE_BATCH * 2 + 500;
    const ids = history.recordAll(Array.from({ length: n }, (_, i) => exchange(i, NOW - (n - i) * 1000)));
    const report = await pruner.save({ maxCount: 300, maxAgeDays: null });
    expect(report.deleted).toBe(n - 300);
    expect(history.count()).toBe(300);
    expect(history.slice({}, { offset: 0, limit: 1 })[0].id).toBe(ids[ids.length - 1]);
    expect(history.slice({}, { offset: 299, limit: 1 })[0].id).toBe(ids[ids.length - 300]);
  });

  it('deletes exchanges older than D days and keeps the younger ones', async () => {
    // One exchange per hour over four days.
    history.recordAll(Array.from({ length: 96 }, (_, i) => exchange(i, NOW - (96 - i) * HOUR)));
    await pruner.save({ maxCount: null, maxAgeDays: 2 });
    expect(history.count()).toBe(48);
    expect(history.count({ until: NOW - 48 * HOUR - 1 })).toBe(0);
  });

  it('stores the limits in the database and prunes new arrivals on the next run', async () => {
    await pruner.save({ maxCount: 10, maxAgeDays: 7 });
    expect(new RetentionPruner(history).settings()).toEqual({ maxCount: 10, maxAgeDays: 7 });
    history.recordAll(Array.from({ length: 25 }, (_, i) => exchange(i, NOW - i)));
    expect(history.count()).toBe(25);
    await pruner.prune();
    expect(history.count()).toBe(10);
  });

  it('deletes nothing once both limits are cleared', async () => {
    history.recordAll(Array.from({ length: 20 }, (_, i) => exchange(i, NOW - 30 * 24 * HOUR)));
    const report = await pruner.save({ maxCount: null, maxAgeDays: null });
    expect(report.deleted).toBe(0);
    expect(history.count()).toBe(20);
    expect(pruner.settings()).toEqual({ maxCount: null, maxAgeDays: null });
  });
});
