// Reads and deletes over the exchange History that the History screen needs beyond `page()`:
// counts, windows by position (for a virtual list), filter facets, retention pruning, settings.

import type { Db } from './database.ts';
import { statement } from './database.ts';
import type { Direction, ExchangeSummary, HistoryFilter } from './history.ts';
import { BLOCK_BITS } from './history-blocks.ts';
import { planFor } from './history-plan.ts';
import { blockDeleted } from './history-schema.ts';
import type { Bounds } from './history-plan.ts';

export interface HistoryFacets {
  connectionIds: string[];
  localConnectorIds: string[];
  tools: string[];
  requestTypes: string[];
  verdicts: string[];
  statuses: number[];
}

export interface PruneRule {
  /** Keep at most this many exchanges (the newest). */
  keepCount?: number | null;
  /** Delete exchanges started before this epoch-milliseconds instant. */
  olderThan?: number | null;
}

export const SUMMARY_COLUMNS = `id, direction, connection_id, local_connector_id, request_type, tool, request_id, trace_id, method, url,
  response_status, verdict, duration_ms, started_at`;
const FACET_LIMIT = 500;
/**
 * Filtered counts stop here: counting every match of a wide filter walked up to a million index
 * entries (275 ms). The unfiltered total stays exact (a counter kept by triggers).
 */
export const COUNT_CAP = 50_000;

const isUnfiltered = (filter: HistoryFilter) =>
  Object.entries(filter).every(([key, v]) => v === undefined || (key === 'id' && String(v).trim() === ''));

export function summaryOf(r: Record<string, unknown>): ExchangeSummary {
  return {
    id: r.id as number,
    direction: r.direction as Direction,
    connectionId: r.connection_id as string | null,
    localConnectorId: r.local_connector_id as string | null,
    requestType: r.request_type as string | null,
    tool: r.tool as string | null,
    requestId: r.request_id as string | null,
    traceId: r.trace_id as string | null,
    method: r.method as string,
    url: r.url as string,
    responseStatus: r.response_status as number | null,
    verdict: r.verdict as string,
    durationMs: r.duration_ms as number | null,
    startedAt: r.started_at as number,
  };
}

/** Exact when unfiltered; otherwise exact up to `cap`, then `cap` (the screen shows "cap+"). */
export function countExchanges(
  db: Db,
  filter: HistoryFilter,
  maxId?: number | null,
  cap: number = COUNT_CAP,
): number {
  const pinned = maxId !== undefined && maxId !== null;
  if (isUnfiltered(filter)) {
    if (!pinned)
      return (statement(db, 'SELECT COALESCE(SUM(n), 0) AS n FROM history_blocks').get() as { n: number }).n;
    // Whole blocks below maxId's block by their counts; within its block, a walk of at most 1,024 ids.
    const block = maxId >> BLOCK_BITS;
    const below = statement(db, 'SELECT COALESCE(SUM(n), 0) AS n FROM history_blocks WHERE block < ?').get(
      block,
    ) as {
      n: number;
    };
    const inBlock = statement(db, 'SELECT COUNT(*) AS n FROM exchanges WHERE id >= ? AND id <= ?').get(
      block << BLOCK_BITS,
      maxId,
    ) as { n: number };
    return below.n + inBlock.n;
  }
  const { from, where, params } = planFor(db, filter, { below: pinned ? maxId + 1 : null });
  return (
    statement(db, `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT @cap)`).get({
      ...params,
      cap,
    }) as { n: number }
  ).n;
}

export interface CountSpan {
  /** As `countExchanges`: exact, or COUNT_CAP when `capped`. */
  total: number;
  capped: boolean;
  /** The oldest id among those counted (with `capped`, the oldest of the newest COUNT_CAP matches). */
  floorId: number | null;
}

/** The count the History screen shows, with the id span it covers (a far jump estimates by id). */
export function countSpan(db: Db, filter: HistoryFilter, maxId?: number | null): CountSpan {
  const pinned = maxId !== undefined && maxId !== null;
  if (isUnfiltered(filter)) {
    const total = countExchanges(db, filter, maxId);
    const lo = statement(db, 'SELECT MIN(id) AS lo FROM exchanges').get() as { lo: number | null };
    return { total, capped: false, floorId: total ? lo.lo : null };
  }
  const { from, where, params, order } = planFor(db, filter, { below: pinned ? maxId + 1 : null });
  // The same walk as countExchanges (newest first, stopping at the cap), reading its last id too.
  const r = statement(
    db,
    `SELECT COUNT(*) AS n, MIN(id) AS lo FROM (SELECT id FROM ${from} ${where} ${order('DESC')} LIMIT @cap)`,
  ).get({ ...params, cap: COUNT_CAP + 1 }) as { n: number; lo: number | null };
  const capped = r.n > COUNT_CAP;
  return { total: Math.min(r.n, COUNT_CAP), capped, floorId: r.lo };
}

export function newestId(db: Db): number | null {
  return (statement(db, 'SELECT MAX(id) AS id FROM exchanges').get() as { id: number | null }).id;
}

function summariesOf(db: Db, ids: number[]): ExchangeSummary[] {
  if (ids.length === 0) return [];
  const rows = statement(
    db,
    `SELECT ${SUMMARY_COLUMNS} FROM exchanges WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id DESC`,
  ).all(JSON.stringify(ids)) as Array<Record<string, unknown>>;
  return rows.map(summaryOf);
}

/**
 * Rows `offset .. offset+limit` of the filtered list, newest first, among ids <= maxId. Pinning
 * maxId keeps positions stable while new exchanges arrive on top. The offset is walked over the
 * driving covering index (ids only), never over rows with their bodies; `window` avoids the walk.
 */
export function sliceExchanges(
  db: Db,
  filter: HistoryFilter,
  offset: number,
  limit: number,
  maxId?: number | null,
): ExchangeSummary[] {
  const pinned = maxId !== undefined && maxId !== null;
  if (isUnfiltered(filter)) {
    const dense = denseTop(db, pinned ? maxId : null);
    // Without gaps, position `offset` is the id `top - offset`: a seek, at any depth.
    if (dense) return windowExchanges(db, filter, { before: dense.top - offset + 1, limit }).items;
  }
  const { from, where, params, order } = planFor(db, filter, { below: pinned ? maxId + 1 : null });
  const ids = statement(db, `SELECT id FROM ${from} ${where} ${order('DESC')} LIMIT @limit OFFSET @offset`, {
    pluck: true,
  }).all({ ...params, limit, offset }) as number[];
  return summariesOf(db, ids);
}

/**
 * The newest id (at most maxId) when the ids up to it have no gaps, so positions map to ids; null
 * when some exchange in between was deleted (retention deletes the oldest, which leaves none).
 */
function denseTop(db: Db, maxId: number | null): { top: number } | null {
  const r = statement(
    db,
    // Two subqueries: each is one seek, where MIN and MAX in one SELECT read the whole table.
    'SELECT (SELECT MIN(id) FROM exchanges) AS lo, (SELECT MAX(id) FROM exchanges) AS hi',
  ).get() as {
    lo: number | null;
    hi: number | null;
  };
  if (r.lo === null || r.hi === null) return null;
  const top = maxId === null ? r.hi : Math.min(maxId, r.hi);
  const below = countExchanges(db, {}, top);
  return below === top - r.lo + 1 ? { top } : null;
}

export interface HistoryWindow {
  /** Newest first. */
  items: ExchangeSummary[];
  /** Cursor for the next older window (`before`), null when nothing older matches. */
  older: number | null;
  /** Cursor for the next newer window (`after`), null when nothing newer matches. */
  newer: number | null;
}

/**
 * Keyset window: `limit` matches just older than `before` (or just newer than `after`, or the
 * newest), so a window a million rows deep costs what the first one costs.
 */
export function windowExchanges(
  db: Db,
  filter: HistoryFilter,
  options: { before?: number | null; after?: number | null; limit: number },
): HistoryWindow {
  const limit = options.limit;
  const upward = options.after !== undefined && options.after !== null && (options.before ?? null) === null;
  const { from, where, params, order } = planFor(db, filter, { below: options.before, above: options.after });
  let ids = statement(db, `SELECT id FROM ${from} ${where} ${order(upward ? 'ASC' : 'DESC')} LIMIT @limit`, {
    pluck: true,
  }).all({ ...params, limit: limit + 1 }) as number[];
  const more = ids.length > limit;
  ids = ids.slice(0, limit);
  if (upward) ids.reverse();
  const items = summariesOf(db, ids);
  const oldest = ids.length ? ids[ids.length - 1] : null;
  const newest = ids.length ? ids[0] : null;
  const exists = (cursor: Bounds) => {
    const p = planFor(db, filter, cursor);
    return statement(db, `SELECT 1 FROM ${p.from} ${p.where} LIMIT 1`).get(p.params) !== undefined;
  };
  return {
    items,
    older: upward ? (oldest !== null && exists({ below: oldest }) ? oldest : null) : more ? oldest : null,
    newer: upward ? (more ? newest : null) : newest !== null && exists({ above: newest }) ? newest : null,
  };
}

export function facetsOf(db: Db): HistoryFacets {
  // A loose index scan: one index seek per distinct value, so 100k rows of 5 tools cost 5 seeks.
  const distinct = <T>(column: string): T[] =>
    statement(
      db,
      `WITH RECURSIVE d(v) AS (SELECT MIN(${column}) FROM exchanges
           UNION ALL SELECT (SELECT MIN(${column}) FROM exchanges WHERE ${column} > d.v) FROM d WHERE d.v IS NOT NULL)
         SELECT v FROM d WHERE v IS NOT NULL LIMIT ${FACET_LIMIT}`,
    )
      .pluck()
      .all() as T[];
  return {
    connectionIds: distinct<string>('connection_id'),
    localConnectorIds: distinct<string>('local_connector_id'),
    tools: distinct<string>('tool'),
    requestTypes: distinct<string>('request_type'),
    verdicts: distinct<string>('verdict'),
    statuses: distinct<number>('response_status'),
  };
}

/**
 * Deletes at most `batch` of the oldest exchanges the rule condemns, in one short transaction, and
 * returns how many went. Callers loop, yielding between steps, so writers never wait long.
 */
export function pruneStep(db: Db, rule: PruneRule, batch: number): number {
  return db.transaction(() => {
    const deleted: number[] = [];
    if (rule.olderThan !== undefined && rule.olderThan !== null) {
      // Only blocks holding an old enough exchange can: without that bound a history with nothing
      // to prune was read to its end on every step.
      const ids = statement(
        db,
        `DELETE FROM exchanges WHERE id IN (SELECT id FROM exchanges WHERE started_at < @before
           AND id <= (SELECT (MAX(block) + 1) * ${1 << BLOCK_BITS} FROM history_blocks WHERE min_started < @before)
           ORDER BY id LIMIT @batch) RETURNING id`,
        { pluck: true },
      ).all({ before: rule.olderThan, batch }) as number[];
      deleted.push(...ids);
    }
    if (deleted.length < batch && rule.keepCount !== undefined && rule.keepCount !== null) {
      const cutoff = statement(
        db,
        'SELECT id FROM exchanges INDEXED BY exchanges_id ORDER BY id DESC LIMIT 1 OFFSET ?',
      ).get(rule.keepCount) as { id: number } | undefined;
      if (cutoff)
        deleted.push(
          ...(statement(
            db,
            'DELETE FROM exchanges WHERE id IN (SELECT id FROM exchanges WHERE id <= ? ORDER BY id LIMIT ?) RETURNING id',
            { pluck: true },
          ).all(cutoff.id, batch - deleted.length) as number[]),
        );
    }
    blockDeleted(db, deleted);
    return deleted.length;
  })();
}

export function deleteExchanges(db: Db, ids: number[]): number {
  const del = statement(db, 'DELETE FROM exchanges WHERE id = ? RETURNING id', { pluck: true });
  return db.transaction(() => {
    const deleted = ids.filter((id) => del.get(id) !== undefined);
    blockDeleted(db, deleted);
    return deleted.length;
  })();
}

export function readSetting(db: Db, key: string): string | null {
  const row = statement(db, 'SELECT value FROM history_settings WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value ?? null;
}

export function writeSetting(db: Db, key: string, value: string | null): void {
  if (value === null) statement(db, 'DELETE FROM history_settings WHERE key = ?').run(key);
  else
    statement(
      db,
      'INSERT INTO history_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
}
