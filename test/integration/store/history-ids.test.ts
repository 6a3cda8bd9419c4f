// The History on schema v5: request and trace id lookups seek block by block (id prefix, whole ids,
// pairing by request_id), agree with a plain reading of the rows, and a v4 database upgrades to them.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History, historyMigrations } from '../../../src/store/history.ts';
import type { ExchangeInput, HistoryFilter } from '../../../src/store/history.ts';
import { REQUEST_ID_LOOKUP } from '../../../src/store/history-blocks.ts';
import { planFor } from '../../../src/store/history-plan.ts';
import { screenExchange, T0 } from './history-rows.ts';
import { historyDatabaseAt } from './legacy-database.ts';

// Over 9 blocks of 1,024 ids, and over 3 of the id indexes' blocks of 4,096.
const N = 9_500;

/** Ids that repeat across every block, share prefixes, and sometimes match on both columns. */
function ids(i: number): { requestId: string | null; traceId: string | null } {
  if (i % 1000 === 5) return { requestId: 'shared-request', traceId: `trace-${i % 1000}` };
  if (i % 1000 === 7) return { requestId: `dup-${i}`, traceId: `dup-${i}` };
  if (i % 333 === 0) return { requestId: 'ab', traceId: null };
  if (i % 333 === 1) return { requestId: 'abc1', traceId: 'ab9' };
  if (i % 101 === 0) return { requestId: null, traceId: null };
  return { requestId: `req-${(i % 50).toString(16).padStart(2, '0')}-${i}`, traceId: `trace-${i % 1000}` };
}

function exchange(i: number): ExchangeInput {
  return screenExchange(i, ids(i));
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctb-history-ids-'));
  file = join(dir, 'data.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What a filter should match, newest first, read row by row without any index. */
function expected(db: Db, filter: HistoryFilter, maxId = Infinity): number[] {
  const rows = db
    .prepare(
      `SELECT id, request_id, trace_id, connection_id, tool, verdict, direction, started_at
       FROM exchanges NOT INDEXED ORDER BY id DESC`,
    )
    .all() as Array<Record<string, string | number | null>>;
  const id = filter.id?.trim();
  const matches = (v: string | number | null) =>
    typeof v === 'string' && (id!.length < 4 ? v === id : v.startsWith(id!));
  return rows
    .filter(
      (r) =>
        (r.id as number) <= maxId &&
        (!id || matches(r.request_id) || matches(r.trace_id)) &&
        (filter.connectionId === undefined || r.connection_id === filter.connectionId) &&
        (filter.tool === undefined || r.tool === filter.tool) &&
        (filter.verdict === undefined || r.verdict === filter.verdict) &&
        (filter.direction === undefined || r.direction === filter.direction) &&
        (filter.since === undefined || (r.started_at as number) >= filter.since) &&
        (filter.until === undefined || (r.started_at as number) <= filter.until),
    )
    .map((r) => r.id as number);
}

/** Every id of a filter, walking keyset windows of `limit` from the newest. */
function walk(history: History, filter: HistoryFilter, limit: number): number[] {
  const seen: number[] = [];
  let before: number | null = null;
  for (;;) {
    const w = history.window({ filter, before, limit });
    seen.push(...w.items.map((s) => s.id));
    if (w.older === null) return seen;
    before = w.older;
  }
}

/** Every id newer than `after`, walking keyset windows upwards, newest first. */
function walkUp(history: History, filter: HistoryFilter, after: number, limit: number): number[] {
  const seen: number[] = [];
  let cursor: number | null = after;
  while (cursor !== null) {
    const w = history.window({ filter, after: cursor, limit });
    seen.unshift(...w.items.map((s) => s.id));
    cursor = w.newer;
  }
  return seen;
}

const FILTERS: Array<[string, HistoryFilter]> = [
  ['a request id prefix', { id: 'req-0a' }],
  ['a prefix on both columns of the same rows', { id: 'dup-' }],
  ['a trace id repeated in every block, and those it starts', { id: 'trace-42' }],
  ['a whole request id repeated in every block', { id: 'shared-request' }],
  ['a short id, matched whole only', { id: 'ab' }],
  ['an id with spaces around it', { id: '  trace-999 ' }],
  ['an id nobody has', { id: 'zzzz-nobody' }],
  ['an id prefix and a connection', { id: 'trace-1', connectionId: 'conn_2' }],
  ['an id prefix, a tool and a verdict', { id: 'trace-', tool: 'getProduct', verdict: 'http_500' }],
  ['an id prefix and a direction', { id: 'req-1', direction: 'incoming' }],
  ['an id prefix in a time range', { id: 'trace-3', since: T0 + 2_500_000, until: T0 + 7_000_000 }],
  ['a whole id in a time range', { id: 'shared-request', since: T0 + 3_000_000 }],
];

describe('History schema v5: lookups by request and trace id', () => {
  let db: Db;
  let history: History;
  beforeEach(() => {
    db = openDatabase(file);
    history = new History(db);
    history.recordAll(Array.from({ length: N }, (_, k) => exchange(k + 1)));
  });
  afterEach(() => db.close());

  for (const [name, filter] of FILTERS)
    it(`windows, slices and counts agree with the rows for ${name}`, () => {
      const want = expected(db, filter);
      const trimmed = filter.id!.trim();
      if (!trimmed.startsWith('zzzz')) expect(want.length).toBeGreaterThan(0);
      expect(walk(history, filter, 7)).toEqual(want);
      expect(walk(history, filter, 500)).toEqual(want);
      expect(history.count(filter)).toBe(want.length);
      expect(history.count(filter, { maxId: 6000 })).toBe(expected(db, filter, 6000).length);
      expect(history.count(filter, { cap: 3 })).toBe(Math.min(3, want.length));
      expect(history.countSpan(filter)).toEqual({
        total: want.length,
        capped: false,
        floorId: want.length ? want[want.length - 1] : null,
      });
      expect(history.slice(filter, { offset: 2, limit: 5 }).map((s) => s.id)).toEqual(want.slice(2, 7));
      expect(history.slice(filter, { offset: 0, limit: 50, maxId: 4321 }).map((s) => s.id)).toEqual(
        expected(db, filter, 4321).slice(0, 50),
      );
      expect(history.page(filter, { before: 5000, limit: 9 }).items.map((s) => s.id)).toEqual(
        want.filter((id) => id < 5000).slice(0, 9),
      );
      if (want.length > 3)
        expect(walkUp(history, filter, want[want.length - 2], 3)).toEqual(want.slice(0, -2));
    });

  it('matches a row once when both its request id and trace id match', () => {
    expect(expected(db, { id: 'dup-' })).toEqual(Array.from({ length: 10 }, (_, k) => 9007 - 1000 * k));
    expect(history.window({ filter: { id: 'dup-1007' }, limit: 10 }).items.map((s) => s.id)).toEqual([1007]);
  });

  it('pairs by request_id across many blocks, oldest first, up to the limit', () => {
    const all = [5, 1005, 2005, 3005, 4005, 5005, 6005, 7005, 8005, 9005];
    expect(history.idsWithRequestId('shared-request')).toEqual(all);
    expect(history.idsWithRequestId('shared-request', 4)).toEqual(all.slice(0, 4));
    expect(history.idsWithRequestId('ab', 100)).toEqual(expected(db, { id: 'ab' }).reverse());
    expect(history.idsWithRequestId('trace-42')).toEqual([]);
    history.delete([2005]);
    history.record(exchange(5));
    expect(history.idsWithRequestId('shared-request')).toEqual([...all.filter((id) => id !== 2005), N + 1]);
  });

  it('finds ids recorded after deletions and into a new block', () => {
    history.delete(expected(db, { id: 'trace-42' }).slice(0, 3));
    const more = Array.from({ length: 2000 }, (_, k) => exchange(N + 1 + k));
    history.recordAll(more);
    const filter = { id: 'trace-42' };
    expect(walk(history, filter, 4)).toEqual(expected(db, filter));
    expect(history.count(filter)).toBe(expected(db, filter).length);
  });

  it('seeks the block-led id indexes, one block at a time, and never sorts a window', () => {
    const planOf = (sql: string, params: unknown) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{ detail: string }>).map((r) => r.detail);
    const lookup = planOf(REQUEST_ID_LOOKUP, ['x', 20]);
    expect(lookup).toEqual([
      'SCAN b',
      expect.stringMatching(
        /^SEARCH e USING COVERING INDEX exchanges_request_id \(<expr>=\? AND request_id=\?/,
      ),
    ]);
    for (const filter of [{ id: 'trace-42' }, { id: 'ab' }, { id: 'req-0a', connectionId: 'conn_1' }]) {
      const p = planFor(db, filter, { below: 5000 });
      const detail = planOf(`SELECT id FROM ${p.from} ${p.where} ${p.order('DESC')} LIMIT 100`, p.params);
      expect(
        detail.some((d) => /SEARCH .* USING COVERING INDEX exchanges_request_id \(<expr>=\?/.test(d)),
      ).toBe(true);
      expect(
        detail.some((d) => /SEARCH .* USING COVERING INDEX exchanges_trace_id \(<expr>=\?/.test(d)),
      ).toBe(true);
      expect(detail.filter((d) => /^SCAN (exchanges|e)\b/.test(d) || /TEMP B-TREE/.test(d))).toEqual([]);
    }
  });
});

describe('History schema v5: upgrade from v4', () => {
  it('rebuilds the id indexes of a v4 database, which then answers every id query as its rows say', () => {
    const old = historyDatabaseAt(file, 3);
    const legacy = old.prepare(
      `INSERT INTO exchanges (direction, connection_id, local_connector_id, tool, request_id, trace_id, method, url,
         request_headers, request_body, response_status, verdict, started_at)
       VALUES (?, ?, ?, ?, ?, ?, 'POST', 'http://x/', '[]', ?, ?, ?, ?)`,
    );
    old.transaction(() => {
      for (let i = 1; i <= N; i++) {
        const e = exchange(i);
        legacy.run(
          e.direction,
          e.connectionId ?? null,
          e.localConnectorId ?? null,
          e.tool ?? null,
          e.requestId ?? null,
          e.traceId ?? null,
          e.requestBody,
          e.responseStatus ?? null,
          e.verdict,
          e.startedAt,
        );
      }
    })();
    // Retention had pruned the oldest rows before the upgrade to v4 (its blocks start at the 2nd).
    old.prepare('DELETE FROM exchanges WHERE id <= 1500').run();
    migrate(
      old,
      'history',
      historyMigrations.filter((m) => m.version <= 4),
    );
    const indexSql = (d: Db, name: string) =>
      (d.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(name) as { sql: string }).sql;
    expect(indexSql(old, 'exchanges_trace_id')).toMatch(/\(trace_id\)$/);
    old.close();

    const db = openDatabase(file);
    try {
      const history = new History(db);
      expect(indexSql(db, 'exchanges_request_id')).toMatch(/\(id >> 12, request_id\)$/);
      expect(indexSql(db, 'exchanges_trace_id')).toMatch(/\(id >> 12, trace_id\)$/);
      expect(history.count()).toBe(N - 1500);
      for (const [, filter] of FILTERS) {
        const want = expected(db, filter);
        expect(walk(history, filter, 11)).toEqual(want);
        expect(history.count(filter)).toBe(want.length);
      }
      expect(history.idsWithRequestId('shared-request')).toEqual([
        2005, 3005, 4005, 5005, 6005, 7005, 8005, 9005,
      ]);
      // Rows recorded after the upgrade are found with the old ones.
      const added = history.record(exchange(1005));
      expect(history.idsWithRequestId('shared-request', 3)).toEqual([2005, 3005, 4005]);
      expect(history.idsWithRequestId('shared-request').at(-1)).toBe(added);
      expect(walk(history, { id: 'trace-5' }, 13)).toEqual(expected(db, { id: 'trace-5' }));
    } finally {
      db.close();
    }
  });
});
