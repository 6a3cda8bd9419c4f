// Turns a History filter into SQL that seeks instead of scanning: capped probes over covering
// indexes pick the filter that narrows the rows most, and only that index drives the query.

import type { Db } from './database.ts';
import { statement } from './database.ts';
import type { HistoryFilter } from './history.ts';
import { BLOCK_BITS, idMatchSource } from './history-blocks.ts';

/** Equality filters with an index led by their column and then the id (schema v4). */
const DRIVERS: Array<[column: string, key: keyof HistoryFilter, index: string]> = [
  ['connection_id', 'connectionId', 'exchanges_connection'],
  ['local_connector_id', 'localConnectorId', 'exchanges_local'],
  ['tool', 'tool', 'exchanges_tool'],
  ['verdict', 'verdict', 'exchanges_verdict'],
  ['response_status', 'responseStatus', 'exchanges_status'],
  ['request_type', 'requestType', 'exchanges_request_type'],
  ['direction', 'direction', 'exchanges_direction'],
];
// Probes stop at this many index entries: enough to tell a narrow filter from a wide one, and a
// covering walk of 4,000 entries costs well under a millisecond.
const PROBE_CAP = 4000;
/**
 * Shorter id filters match whole ids only: a one- or two-character prefix matches thousands of a
 * million ids (1 in 128 for two hex digits on either id), and a count read every match (21 ms at
 * 100k rows with schema v4, growing with rows).
 */
export const MIN_ID_PREFIX = 4;

export interface Bounds {
  /** Only ids strictly below (older than) this. */
  below?: number | null;
  /** Only ids strictly above (newer than) this. */
  above?: number | null;
}

export interface Plan {
  /** `FROM exchanges ...`, naming the driving index when one drives. */
  from: string;
  /** `WHERE ...` (or empty). */
  where: string;
  params: Record<string, unknown>;
  /** `ORDER BY ...` by id, newest first (DESC) or oldest first (ASC), in the order the source gives. */
  order: (direction: 'ASC' | 'DESC') => string;
}

const byId = (direction: 'ASC' | 'DESC') => `ORDER BY id ${direction}`;
// The id search's source gives its rows block by block (see idMatchSource).
const byBlockThenId = (direction: 'ASC' | 'DESC') => `ORDER BY b.block ${direction}, id ${direction}`;

/** The highest string that starts with `prefix`, for a range seek: [prefix, prefix + U+FFFF). */
const prefixEnd = (prefix: string) => `${prefix}\uffff`;

function probe(db: Db, index: string, sql: string, params: Record<string, unknown>): number {
  return (
    statement(
      db,
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM exchanges INDEXED BY ${index} WHERE ${sql} LIMIT ${PROBE_CAP})`,
    ).get(params) as { n: number }
  ).n;
}

/**
 * The id range that can hold exchanges started in [since, until]: every block of ids whose start
 * times overlap it (history_blocks keeps each block's earliest and latest start). Exact as a
 * bound, whatever order exchanges were recorded or imported in; empty as [1, 0].
 */
function timeBounds(db: Db, since: number | undefined, until: number | undefined): [number, number] {
  const r = statement(
    db,
    'SELECT MIN(block) AS lo, MAX(block) AS hi FROM history_blocks WHERE max_started >= ? AND min_started <= ?',
  ).get(since ?? Number.MIN_SAFE_INTEGER, until ?? Number.MAX_SAFE_INTEGER) as {
    lo: number | null;
    hi: number | null;
  };
  if (r.lo === null || r.hi === null) return [1, 0];
  return [r.lo << BLOCK_BITS, ((r.hi + 1) << BLOCK_BITS) - 1];
}

/**
 * FROM and WHERE for a filter and id bounds. One access path drives: the id prefix when given
 * (request and trace id indexes), else the equality filter matching fewest rows (its index is led
 * by the column then the id, so id bounds are a seek too), else the ids themselves. A time range
 * becomes id bounds first, then an exact check on the start time.
 */
export function planFor(db: Db, filter: HistoryFilter, bounds: Bounds = {}): Plan {
  const params: Record<string, unknown> = {};
  const present = DRIVERS.filter(([, key]) => filter[key] !== undefined);
  for (const [, key] of present) params[key] = filter[key];
  const id = filter.id?.trim();
  const where: string[] = [];

  let lo = bounds.above !== undefined && bounds.above !== null ? bounds.above + 1 : null;
  let hi = bounds.below !== undefined && bounds.below !== null ? bounds.below - 1 : null;
  if (filter.since !== undefined || filter.until !== undefined) {
    const [tLo, tHi] = timeBounds(db, filter.since, filter.until);
    lo = lo === null ? tLo : Math.max(lo, tLo);
    hi = hi === null ? tHi : Math.min(hi, tHi);
    if (filter.since !== undefined) {
      where.push('started_at >= @since');
      params.since = filter.since;
    }
    if (filter.until !== undefined) {
      where.push('started_at <= @until');
      params.until = filter.until;
    }
  }
  const idBounds: string[] = [];
  if (lo !== null) {
    idBounds.push('id >= @lo');
    params.lo = lo;
  }
  if (hi !== null) {
    idBounds.push('id <= @hi');
    params.hi = hi;
  }
  const ranged = idBounds.length ? ` AND ${idBounds.join(' AND ')}` : '';

  let from = 'exchanges';
  let order = byId;
  let driver: string | null = null;
  if (id) {
    params.idLo = id;
    if (id.length >= MIN_ID_PREFIX) params.idHi = prefixEnd(id);
    // Matches of an id are few: the id indexes drive, block by block; the id bounds narrow the
    // blocks walked and are checked exactly on each match (+: not a second way into the table).
    from = idMatchSource(id.length >= MIN_ID_PREFIX, present.length > 0);
    order = byBlockThenId;
    if (lo !== null) {
      where.push('b.block >= @blockLo');
      params.blockLo = Math.floor(lo / 2 ** BLOCK_BITS);
    }
    if (hi !== null) {
      where.push('b.block <= @blockHi');
      params.blockHi = Math.floor(hi / 2 ** BLOCK_BITS);
    }
    for (const b of idBounds) where.push(`+${b}`);
  } else {
    let best = Infinity;
    for (const [column, key, index] of present) {
      const n = probe(db, index, `${column} = @${key}${ranged}`, params);
      if (n < best) {
        best = n;
        driver = column;
        from = `exchanges INDEXED BY ${index}`;
      }
      // A value matching no row ends the search: the query answers from one empty seek.
      if (n === 0) break;
    }
    // Otherwise the narrow (id, started_at) index: a time range is checked without reading rows.
    if (driver === null) from = 'exchanges INDEXED BY exchanges_id';
    where.push(...idBounds);
  }
  for (const [column, key] of present) where.push(`${column} = @${key}`);
  return { from, where: where.length ? `WHERE ${where.join(' AND ')}` : '', params, order };
}
