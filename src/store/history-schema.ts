// Schema versions 4 and 5 of the History: fewer, covering indexes (inserts at a million rows had slowed
// to 7.8k/s over 15 indexes), per-block counts and start times, and id indexes that append, not scatter.

import type { Db, Migration } from './database.ts';
import { statement } from './database.ts';
import { BLOCK_BITS } from './history-blocks.ts';

/**
 * Each filter the screen offers has one index led by its column, ordered by id (newest first is a
 * backward walk) and carrying the columns the screen combines it with (connection, tool, verdict,
 * start time), so combined filters are checked inside the index without reading any row. The
 * pairwise indexes go. The start-time index goes too: history_blocks keeps, per block of 1,024
 * ids, its row count and its earliest and latest start: a time range becomes an id range, and the
 * total is a sum over a thousand blocks. The store keeps it (blockInserted / blockDeleted, once per
 * block per transaction): a trigger did the same per row and halved the insert rate.
 */
export const historyLeanIndexes: Migration = {
  version: 4,
  name: 'history_lean_indexes',
  up: `DROP INDEX IF EXISTS exchanges_connection_tool;
    DROP INDEX IF EXISTS exchanges_connection_verdict;
    DROP INDEX IF EXISTS exchanges_tool_verdict;
    DROP INDEX IF EXISTS exchanges_connection_tool_verdict;
    DROP INDEX IF EXISTS exchanges_direction;
    DROP INDEX IF EXISTS exchanges_started;
    DROP INDEX IF EXISTS exchanges_id;
    DROP INDEX IF EXISTS exchanges_connection;
    DROP INDEX IF EXISTS exchanges_local;
    DROP INDEX IF EXISTS exchanges_tool;
    DROP INDEX IF EXISTS exchanges_verdict;
    CREATE INDEX exchanges_connection ON exchanges (connection_id, id, tool, verdict, started_at);
    CREATE INDEX exchanges_local ON exchanges (local_connector_id, id, tool, verdict, started_at);
    CREATE INDEX exchanges_tool ON exchanges (tool, id, connection_id, verdict, started_at);
    CREATE INDEX exchanges_verdict ON exchanges (verdict, id, connection_id, tool, started_at);
    CREATE INDEX exchanges_direction ON exchanges (direction, id);
    CREATE INDEX exchanges_id ON exchanges (id, started_at);
    CREATE TABLE history_blocks (
      block INTEGER PRIMARY KEY,
      n INTEGER NOT NULL,
      min_started INTEGER NOT NULL,
      max_started INTEGER NOT NULL
    );
    INSERT INTO history_blocks (block, n, min_started, max_started)
      SELECT id >> 10, COUNT(*), MIN(started_at), MAX(started_at) FROM exchanges GROUP BY id >> 10;`,
};

/**
 * The request and trace id indexes were on the random ids alone, so each insert dirtied another
 * leaf page of two ~50 MB indexes (the cache is 32 MB): half the History worker's CPU went to
 * writing those pages to the WAL at every commit, and inserts near a million rows ran at 8-13k/s.
 * Led by a block of 4,096 ids (`id >> 12`, ID_BLOCK_BITS), each insert lands in the newest
 * block's few dozen leaf pages. The planner then finds an id by these indexes only one block at a
 * time: lookups walk history_blocks and seek in each block (history-blocks.ts), which must spell
 * the expression exactly as here.
 */
export const historyBlockIdIndexes: Migration = {
  version: 5,
  name: 'history_block_id_indexes',
  up: `DROP INDEX IF EXISTS exchanges_request_id;
    DROP INDEX IF EXISTS exchanges_trace_id;
    CREATE INDEX exchanges_request_id ON exchanges (id >> 12, request_id);
    CREATE INDEX exchanges_trace_id ON exchanges (id >> 12, trace_id);`,
};

/** Adds inserted rows to their blocks' counts and time spans (call inside the inserting transaction). */
export function blockInserted(db: Db, rows: Array<[id: number, startedAt: number]>): void {
  const blocks = new Map<number, [n: number, min: number, max: number]>();
  for (const [id, t] of rows) {
    const b = blocks.get(id >> BLOCK_BITS);
    if (!b) blocks.set(id >> BLOCK_BITS, [1, t, t]);
    else {
      b[0]++;
      if (t < b[1]) b[1] = t;
      if (t > b[2]) b[2] = t;
    }
  }
  const upsert = statement(
    db,
    `INSERT INTO history_blocks (block, n, min_started, max_started) VALUES (?, ?, ?, ?)
     ON CONFLICT (block) DO UPDATE SET n = n + excluded.n, min_started = min(min_started, excluded.min_started),
       max_started = max(max_started, excluded.max_started)`,
  );
  for (const [block, [n, min, max]] of blocks) upsert.run(block, n, min, max);
}

/** Takes deleted ids off their blocks' counts (the time spans stay: a wider bound is still exact). */
export function blockDeleted(db: Db, ids: number[]): void {
  const blocks = new Map<number, number>();
  for (const id of ids) blocks.set(id >> BLOCK_BITS, (blocks.get(id >> BLOCK_BITS) ?? 0) + 1);
  const update = statement(db, 'UPDATE history_blocks SET n = n - ? WHERE block = ?');
  for (const [block, n] of blocks) update.run(n, block);
}
