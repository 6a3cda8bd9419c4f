// The History on schema v4: a database written by the old schema (v3, fifteen indexes) upgrades
// without losing a row, and the screen's queries (windows, id prefix, time ranges, counts) agree
// with a plain reading of the rows, whatever the order exchanges were recorded in.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';
import type { ExchangeInput, ExchangeSummary, HistoryFilter } from '../../../src/store/history.ts';
import { screenExchange, T0, TOOLS } from './history-rows.ts';
import { historyDatabaseAt } from './legacy-database.ts';

function exchange(i: number, startedAt = T0 + i * 1000): ExchangeInput {
  return screenExchange(i, {
    requestId: `req-${i.toString(16).padStart(6, '0')}`,
    traceId: `trace-${i}`,
    startedAt,
  });
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctb-history-schema-'));
  file = join(dir, 'data.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What a filter should match, read row by row without any of the planner's shortcuts. */
function expected(history: History, count: number, filter: HistoryFilter): number[] {
  const ids: number[] = [];
  for (let id = count; id >= 1; id--) {
    const e = history.get(id);
    if (!e) continue;
    if (filter.connectionId !== undefined && e.connectionId !== filter.connectionId) continue;
    if (filter.tool !== undefined && e.tool !== filter.tool) continue;
    if (filter.verdict !== undefined && e.verdict !== filter.verdict) continue;
    if (filter.direction !== undefined && e.direction !== filter.direction) continue;
    if (filter.since !== undefined && e.startedAt < filter.since) continue;
    if (filter.until !== undefined && e.startedAt > filter.until) continue;
    if (filter.id !== undefined && !e.requestId!.startsWith(filter.id) && !e.traceId!.startsWith(filter.id))
      continue;
    ids.push(id);
  }
  return ids;
}

/** Every id of a filter, walking keyset windows of `limit` from the newest. */
function walk(history: History, filter: HistoryFilter, limit: number): number[] {
  const ids: number[] = [];
  let before: number | null = null;
  for (;;) {
    const w = history.window({ filter, before, limit });
    ids.push(...w.items.map((s: ExchangeSummary) => s.id));
    if (w.older === null) return ids;
    before = w.older;
  }
}

describe('History schema v4', () => {
  it('upgrades a database written by the v3 schema and keeps every exchange', () => {
    const old = historyDatabaseAt(file, 3);
    const legacy = old.prepare(
      `INSERT INTO exchanges (direction, connection_id, tool, request_id, trace_id, method, url, request_headers,
         request_body, response_status, verdict, started_at) VALUES ('outgoing', ?, ?, ?, ?, 'POST', 'http://x/', '[]', ?, 200, 'ok', ?)`,
    );
    for (let i = 1; i <= 2500; i++)
      legacy.run(`conn_${i % 4}`, TOOLS[i % 3], `req-${i}`, `trace-${i}`, Buffer.from(`{"n":${i}}`), T0 + i);
    const before = old
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'exchanges'")
      .all();
    expect(before.length).toBeGreaterThanOrEqual(15);
    old.close();

    const db = openDatabase(file);
    try {
      const history = new History(db);
      expect(history.count()).toBe(2500);
      expect(history.get(1234)?.requestId).toBe('req-1234');
      expect(history.get(1234)?.requestBody.toString()).toBe('{"n":1234}');
      expect(history.count({ connectionId: 'conn_1' })).toBe(625);
      expect(walk(history, { tool: 'getProduct', since: T0 + 1000, until: T0 + 1999 }, 50)).toEqual(
        expected(history, 2500, { tool: 'getProduct', since: T0 + 1000, until: T0 + 1999 }),
      );
      const after = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'exchanges'")
        .all();
      expect(after.length).toBeLessThan(before.length);
      // The counter the migration seeded goes on counting.
      history.record(exchange(2501));
      expect(history.count()).toBe(2501);
    } finally {
      db.close();
    }
  });

  describe('queries of the History screen', () => {
    let db: Db;
    let history: History;
    const N = 3000;
    beforeEach(() => {
      db = openDatabase(file);
      history = new History(db);
      // Out of start order, as an import of old exchanges after recent ones would be.
      const inputs = Array.from({ length: N }, (_, k) =>
        exchange(k + 1, k < 2000 ? T0 + (k + 1) * 1000 : T0 - (k - 1999) * 1000),
      );
      history.recordAll(inputs);
    });
    afterEach(() => db.close());

    const filters: Array<[string, HistoryFilter]> = [
      ['no filter', {}],
      ['a connection', { connectionId: 'conn_2' }],
      [
        'a connection, a tool and a verdict',
        { connectionId: 'conn_3', tool: 'getProduct', verdict: 'http_500' },
      ],
      ['incoming only', { direction: 'incoming' }],
      ['a time range', { since: T0 + 500_000, until: T0 + 900_000 }],
      ['a time range before every recorded one', { until: T0 - 700_000 }],
      ['a tool in a time range', { tool: 'calculateQuote', since: T0 - 300_000, until: T0 + 300_000 }],
      ['a request id prefix', { id: 'req-0001' }],
      ['a whole trace id', { id: 'trace-2999' }],
      ['a value nobody has', { verdict: 'never_seen' }],
    ];
    for (const [name, filter] of filters)
      it(`windows, slices and counts agree with the rows for ${name}`, () => {
        const want = expected(history, N, filter);
        expect(walk(history, filter, 37)).toEqual(want);
        expect(history.count(filter, { maxId: history.newestId() })).toBe(want.length);
        expect(history.slice(filter, { offset: 5, limit: 20 }).map((s) => s.id)).toEqual(want.slice(5, 25));
        const pageIds = history.page(filter, { limit: 500 }).items.map((s) => s.id);
        expect(pageIds).toEqual(want.slice(0, 500));
      });

    it('walks newer windows back up to the newest', () => {
      const filter = { connectionId: 'conn_1' };
      const want = expected(history, N, filter);
      const start = want[100];
      const seen: number[] = [];
      let after: number | null = start;
      while (after !== null) {
        const w = history.window({ filter, after, limit: 30 });
        seen.unshift(...w.items.map((s) => s.id));
        after = w.newer;
      }
      expect(seen).toEqual(want.slice(0, 100));
    });

    it('counts a filter exactly up to the cap and stops there', () => {
      expect(history.count({ direction: 'outgoing' }, { cap: 1000 })).toBe(1000);
      expect(history.count({ direction: 'incoming' }, { cap: 1000 })).toBe(600);
    });

    it('keeps positions of the unfiltered list exact after exchanges in the middle are deleted', () => {
      history.delete([2990, 2995, 1500]);
      const want = expected(history, N, {});
      expect(history.count({}, { maxId: N - 2 })).toBe(want.filter((id) => id <= N - 2).length);
      expect(history.slice({}, { offset: 3, limit: 10 }).map((s) => s.id)).toEqual(want.slice(3, 13));
      expect(history.slice({}, { offset: 1495, limit: 10 }).map((s) => s.id)).toEqual(want.slice(1495, 1505));
    });

    it('prunes by age using the id blocks, even when old exchanges were recorded last', () => {
      const cutoff = T0 - 500_000;
      const want = expected(history, N, { since: cutoff }).length;
      while (history.prune({ olderThan: cutoff }, 200) > 0);
      expect(history.count()).toBe(want);
      expect(history.count({ until: cutoff - 1 })).toBe(0);
    });
  });
});
