// Reads and deletes over the exchange History that the History screen needs beyond `page()`:
// counts, windows by position (for a virtual list), filter facets, retention pruning, settings.

import type { Db } from './database.ts';
import type { Direction, ExchangeSummary, HistoryFilter } from './history.ts';

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
const WEAK = new Set<keyof HistoryFilter>(['direction', 'requestType']);

/** WHERE clause and parameters for a filter (same semantics as History.page), plus `id <= maxId`. */
export function filterClause(
  filter: HistoryFilter,
  maxId?: number | null,
): { sql: string; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  const columns: Array<[string, keyof HistoryFilter]> = [
    ['direction', 'direction'],
    ['connection_id', 'connectionId'],
    ['local_connector_id', 'localConnectorId'],
    ['tool', 'tool'],
    ['request_type', 'requestType'],
    ['verdict', 'verdict'],
    ['response_status', 'responseStatus'],
  ];
  // Without ANALYZE statistics SQLite may walk a two-valued index (direction) or a four-valued one
  // (request type) instead of a selective one; a unary + keeps the weak ones out of the choice.
  const strong =
    columns.some(([, key]) => !WEAK.has(key) && filter[key] !== undefined) || filter.id !== undefined;
  for (const [column, key] of columns) {
    if (filter[key] === undefined) continue;
    where.push(`${strong && WEAK.has(key) ? '+' : ''}${column} = @${key}`);
    params[key] = filter[key];
  }
  if (filter.id !== undefined) {
    where.push('(request_id = @id OR trace_id = @id)');
    params.id = filter.id;
  }
  if (filter.since !== undefined) {
    where.push('started_at >= @since');
    params.since = filter.since;
  }
  if (filter.until !== undefined) {
    where.push('started_at <= @until');
    params.until = filter.until;
  }
  if (maxId !== undefined && maxId !== null) {
    where.push('id <= @maxId');
    params.maxId = maxId;
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

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

export function countExchanges(db: Db, filter: HistoryFilter, maxId?: number | null): number {
  const { sql, params } = filterClause(filter, maxId);
  return (db.prepare(`SELECT COUNT(*) AS n FROM exchanges ${sql}`).get(params) as { n: number }).n;
}

export function newestId(db: Db): number | null {
  return (db.prepare('SELECT MAX(id) AS id FROM exchanges').get() as { id: number | null }).id;
}

/**
 * Rows `offset .. offset+limit` of the filtered list, newest first, among ids <= maxId. Pinning
 * maxId keeps positions stable while new exchanges arrive on top. The offset is walked over a
 * covering index of ids (a few hundred µs at 100k), never over the rows with their bodies (45 ms).
 */
export function sliceExchanges(
  db: Db,
  filter: HistoryFilter,
  offset: number,
  limit: number,
  maxId?: number | null,
): ExchangeSummary[] {
  const { sql, params } = filterClause(filter, maxId);
  const ids = db
    .prepare(`SELECT id FROM exchanges ${sql} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit, offset }) as number[];
  if (ids.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM exchanges WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id DESC`,
    )
    .all(JSON.stringify(ids)) as Array<Record<string, unknown>>;
  return rows.map(summaryOf);
}

export function facetsOf(db: Db): HistoryFacets {
  // A loose index scan: one index seek per distinct value, so 100k rows of 5 tools cost 5 seeks.
  const distinct = <T>(column: string): T[] =>
    db
      .prepare(
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
    let deleted = 0;
    if (rule.olderThan !== undefined && rule.olderThan !== null) {
      deleted += db
        .prepare(
          'DELETE FROM exchanges WHERE id IN (SELECT id FROM exchanges WHERE started_at < ? ORDER BY id LIMIT ?)',
        )
        .run(rule.olderThan, batch).changes;
    }
    if (deleted < batch && rule.keepCount !== undefined && rule.keepCount !== null) {
      const cutoff = db
        .prepare('SELECT id FROM exchanges ORDER BY id DESC LIMIT 1 OFFSET ?')
        .get(rule.keepCount) as { id: number } | undefined;
      if (cutoff)
        deleted += db
          .prepare(
            'DELETE FROM exchanges WHERE id IN (SELECT id FROM exchanges WHERE id <= ? ORDER BY id LIMIT ?)',
          )
          .run(cutoff.id, batch - deleted).changes;
    }
    return deleted;
  })();
}

export function deleteExchanges(db: Db, ids: number[]): number {
  const del = db.prepare('DELETE FROM exchanges WHERE id = ?');
  return db.transaction(() => ids.reduce((n, id) => n + del.run(id).changes, 0))();
}

export function readSetting(db: Db, key: string): string | null {
  const row = db.prepare('SELECT value FROM history_settings WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value ?? null;
}

export function writeSetting(db: Db, key: string, value: string | null): void {
  if (value === null) db.prepare('DELETE FROM history_settings WHERE key = ?').run(key);
  else
    db.prepare(
      'INSERT INTO history_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
}
