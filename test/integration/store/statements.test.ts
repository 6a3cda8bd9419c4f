// Hot store methods reuse the statements their connection prepared: spying on db.prepare while a
// store answers many requests proves the SQL is compiled once, not once per request.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, statement } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';
import { CatalogStore } from '../../../src/connector/demo-catalog/store.ts';
import { DefinitionStore } from '../../../src/connector/host/store.ts';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctb-statements-'));
  db = openDatabase(join(dir, 'data.sqlite'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** How many times `run` prepared SQL on the connection during its second half of calls. */
function preparesWhileRepeating(run: (i: number) => void, times = 200): number {
  for (let i = 0; i < times / 2; i++) run(i);
  const spy = vi.spyOn(db, 'prepare');
  try {
    for (let i = times / 2; i < times; i++) run(i);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('statement reuse', () => {
  it('the demo catalog answers 200 searches and lookups without preparing SQL again', () => {
    const catalog = new CatalogStore(db);
    const prepares = preparesWhileRepeating((i) => {
      const found = catalog.search(i % 2 ? 'chair' : 'desk', 5, i % 3 ? undefined : 'Furniture');
      expect(found.total).toBeGreaterThanOrEqual(0);
      catalog.product(found.products[0]?.sku ?? 'NOPE');
    });
    expect(prepares).toBe(0);
  });

  it('the History pages, counts, slices and windows without preparing SQL again', () => {
    const history = new History(db);
    for (let i = 0; i < 300; i++)
      history.record({
        direction: 'outgoing',
        connectionId: `conn_${i % 3}`,
        tool: i % 2 ? 'searchProducts' : 'getProduct',
        method: 'POST',
        url: 'http://127.0.0.1:9/',
        requestHeaders: [],
        requestBody: Buffer.from('{}'),
        verdict: i % 10 ? 'ok' : 'timeout',
        requestId: `req_${i}`,
        startedAt: 1_800_000_000_000 + i * 1000,
      });
    const head = history.newestId();
    const prepares = preparesWhileRepeating((i) => {
      const filter = { connectionId: `conn_${i % 3}`, since: 1_800_000_000_000 + (i % 50) * 1000 };
      history.count(filter, { maxId: head });
      history.count({}, { maxId: head });
      history.slice(filter, { offset: i % 40, limit: 20, maxId: head });
      history.page({ tool: 'getProduct' }, { before: 250 - (i % 100), limit: 10 });
      history.window({ filter: { id: 'req_1' }, limit: 10 });
      history.get(1 + (i % 300));
    });
    expect(prepares).toBe(0);
  });

  it('the connector host lists and reads definitions without preparing SQL again', () => {
    const store = new DefinitionStore(db);
    const prepares = preparesWhileRepeating((i) => {
      store.list();
      store.findByName(`definition ${i}`);
      store.hasBuiltin('demo-catalog');
    });
    expect(prepares).toBe(0);
  });

  it("keeps a statement per connection, so a second database never runs another one's SQL", () => {
    const other = openDatabase(join(dir, 'other.sqlite'));
    try {
      const a = statement(db, 'SELECT 1 AS one');
      expect(statement(db, 'SELECT 1 AS one')).toBe(a);
      expect(statement(other, 'SELECT 1 AS one')).not.toBe(a);
      expect(statement(db, 'SELECT 1 AS one', { pluck: true }).get()).toBe(1);
      expect(statement(db, 'SELECT 1 AS one').get()).toEqual({ one: 1 });
    } finally {
      other.close();
    }
  });
});
