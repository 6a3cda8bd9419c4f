// History ids in blocks (history_blocks), and the lookups by request or trace id: their indexes
// are led by a block of ids (schema v5), so a lookup walks the blocks and seeks in each one.

import type { Db } from './database.ts';
import { statement } from './database.ts';

/** History ids are grouped in blocks of 2^BLOCK_BITS; history_blocks keeps each one's count and times. */
export const BLOCK_BITS = 10;
/**
 * The request and trace id indexes are led by `id >> ID_BLOCK_BITS` (schema v5): four history
 * blocks per index block. Coarser than history_blocks on purpose: a lookup seeks once per history
 * block, and the four seeks of one index block land on the same leaf page, so a search of a
 * million rows reads about 500 leaf pages, not 2,000 (9 ms cold at 1,024 ids per index block, 3 ms
 * here); an insert batch dirties ~3% more pages than with 1,024. Must match the v5 index text.
 */
export const ID_BLOCK_BITS = 12;

/**
 * Where `<alias>.id` lies in the history block `b`, as the v5 indexes can seek it: their expression
 * spelt as they spell it (the planner matches an index expression by its text), equal to an
 * expression (`b.block >> 2`: no affinity, where the INTEGER column alone would stop the planner
 * from using the index), then the ids of that history block only.
 */
const inBlock = (id: string) =>
  `(${id} >> ${ID_BLOCK_BITS}) = (b.block >> ${ID_BLOCK_BITS - BLOCK_BITS})
   AND ${id} >= (b.block << ${BLOCK_BITS}) AND ${id} < ((b.block + 1) << ${BLOCK_BITS})`;

/**
 * FROM clause of the exchanges whose request id or trace id is `@idLo` (whole ids), or starts with
 * it (`@idLo <= x < @idHi`): for each block of history_blocks, both id indexes give that block's
 * matching ids (the IN list drops a row matching on both), then each id is looked up to check the
 * other filters: in the row when `readsRows`, else in the narrow (id, started_at) index, as a row
 * read per match costs a page read. Order by `b.block, id` (both the same way): the blocks' order,
 * then the IN list's, so a newest-first window stops at its LIMIT without sorting anything.
 */
export function idMatchSource(prefix: boolean, readsRows: boolean): string {
  const match = (column: string) =>
    prefix ? `${column} >= @idLo AND ${column} < @idHi` : `${column} = @idLo`;
  return `history_blocks b CROSS JOIN exchanges e ${readsRows ? 'NOT INDEXED' : 'INDEXED BY exchanges_id'} ON e.id IN (
      SELECT id FROM exchanges INDEXED BY exchanges_request_id WHERE ${inBlock('id')} AND ${match('request_id')}
      UNION ALL
      SELECT id FROM exchanges INDEXED BY exchanges_trace_id WHERE ${inBlock('id')} AND ${match('trace_id')})`;
}

/** Ids of the exchanges that carry a request_id (`?`), oldest first, `?` at most: a seek per block. */
export const REQUEST_ID_LOOKUP = `SELECT e.id FROM history_blocks b CROSS JOIN exchanges e INDEXED BY exchanges_request_id
  WHERE ${inBlock('e.id')} AND e.request_id = ? ORDER BY b.block, e.id LIMIT ?`;

export function idsWithRequestId(db: Db, requestId: string, limit: number): number[] {
  return statement(db, REQUEST_ID_LOOKUP, { pluck: true }).all(requestId, limit) as number[];
}
