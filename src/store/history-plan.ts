// Turns a History filter into SQL that seeks instead of scanning: it probes, with capped counts over
// covering indexes, which filter narrows the rows most and lets only that one drive the query.

import type { Db } from './database.ts';
import { statement } from './database.ts';
import type { HistoryFilter } from './history.ts';

/** Equality filters with an index led by their column (schema v4), most selective found by probing. */
const DRIVERS: Array<[column: string, key: keyof HistoryFilter]> = [
  ['connection_id', 'connectionId'],
  ['local_connector_id', 'localConnectorId'],
  ['tool', 'tool'],
  ['verdict', 'verdict'],
  ['response_status', 'responseStatus'],
  ['request_type', 'requestType'],
];
// Probes stop at this many index entries: enough to tell a narrow filter from a wide one, and a
// covering walk of 4,000 entries costs well under a millisecond.
const PROBE_CAP = 4000;
// A time range this narrow is read through its own index and sorted by id; a wider one is read
// along the driving index (or the ids), skipping rows outside the range.
const TIME_RANGE_CAP = 40_000;

export interface Bounds {
  /** Only ids strictly below (older than) this. */
  below?: number | null;
  /** Only ids strictly above (newer than) this. */
  above?: number | null;
}

export interface Plan {
  /** `WHERE ...` (or empty). Every non-driving column is wrapped in unary + so no index competes. */
  where: string;
  params: Record<string, unknown>;
}

/** The highest string that starts with `prefix`, for a range seek: [prefix, prefix + U+FFFF). */
const prefixEnd = (prefix: string) => `${prefix}\uffff`;

function probe(db: Db, sql: string, params: Record<string, unknown>, cap = PROBE_CAP): number {
  return (
    statement(db, `SELECT COUNT(*) AS n FROM (SELECT 1 FROM exchanges WHERE ${sql} LIMIT ${cap})`).get(
      params,
    ) as { n: number }
  ).n;
}

/**
 * The WHERE clause for a filter and id bounds. Exactly one access path is left indexable: the id
 * prefix when given, else a narrow time range, else the equality filter matching fewest rows,
 * else the ids themselves (newest first, the rowid order).
 */
export function planFor(db: Db, filter: HistoryFilter, bounds: Bounds = {}): Plan {
  const params: Record<string, unknown> = {};
  const present = DRIVERS.filter(([, key]) => filter[key] !== undefined);
  for (const [, key] of present) params[key] = filter[key];
  const hasTime = filter.since !== undefined || filter.until !== undefined;
  if (filter.since !== undefined) params.since = filter.since;
  if (filter.until !== undefined) params.until = filter.until;
  const id = filter.id?.trim();
  if (id) {
    params.idLo = id;
    params.idHi = prefixEnd(id);
  }

  let driver: 'id' | 'time' | string | null = null;
  if (id) driver = 'id';
  else if (hasTime) {
    // Alone, a time range is answered from its covering index (ids only); with other filters each
    // candidate costs a row read, so only a narrow range may drive.
    const cap = present.length === 0 && filter.direction === undefined ? TIME_RANGE_CAP : PROBE_CAP;
    if (probe(db, timeSql(filter, false), params, cap) < cap) driver = 'time';
  }
  if (driver === null && present.length > 0) {
    let best = Infinity;
    for (const [column, key] of present) {
      // A value matching no row ends the search: the query answers from one empty seek.
      const n = probe(db, `${column} = @${key}`, params);
      if (n < best) {
        best = n;
        driver = column;
      }
      if (n === 0) break;
    }
  }

  const where: string[] = [];
  for (const [column, key] of present) where.push(`${driver === column ? '' : '+'}${column} = @${key}`);
  if (filter.direction !== undefined) {
    where.push('+direction = @direction');
    params.direction = filter.direction;
  }
  if (id)
    where.push(
      driver === 'id'
        ? '(request_id >= @idLo AND request_id < @idHi OR trace_id >= @idLo AND trace_id < @idHi)'
        : '(+request_id >= @idLo AND +request_id < @idHi OR +trace_id >= @idLo AND +trace_id < @idHi)',
    );
  if (hasTime) where.push(timeSql(filter, driver !== 'time'));
  // Ids bound with + too when another path drives; otherwise the rowid range is the seek itself.
  const idRef = driver === null ? 'id' : '+id';
  if (bounds.below !== undefined && bounds.below !== null) {
    where.push(`${idRef} < @below`);
    params.below = bounds.below;
  }
  if (bounds.above !== undefined && bounds.above !== null) {
    where.push(`${idRef} > @above`);
    params.above = bounds.above;
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

function timeSql(filter: HistoryFilter, unindexed: boolean): string {
  const col = unindexed ? '+started_at' : 'started_at';
  const parts: string[] = [];
  if (filter.since !== undefined) parts.push(`${col} >= @since`);
  if (filter.until !== undefined) parts.push(`${col} <= @until`);
  return parts.join(' AND ');
}
