// Schema version 4 of the History: fewer, covering indexes (inserts at a million rows had slowed to
// 7.8k/s over 15 indexes) and an exact row counter kept by triggers, so the total never walks an index.

import type { Migration } from './database.ts';

/**
 * Each filter the screen offers has one index led by its column, ordered by id (newest first is a
 * backward walk) and carrying the columns the screen combines it with (connection, tool, verdict,
 * start time), so combined filters are checked inside the index without reading any row. The
 * pairwise indexes go. The start-time index goes too: history_blocks keeps, per block of 1,024
 * ids, the earliest and latest start, which turns a time range into an id range (one small write
 * per insert to a row that stays in cache, instead of an index write at a random place).
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
      min_started INTEGER NOT NULL,
      max_started INTEGER NOT NULL
    );
    INSERT INTO history_blocks (block, min_started, max_started)
      SELECT id >> 10, MIN(started_at), MAX(started_at) FROM exchanges GROUP BY id >> 10;
    CREATE TRIGGER exchanges_blocked_insert AFTER INSERT ON exchanges
      BEGIN INSERT INTO history_blocks (block, min_started, max_started)
        VALUES (new.id >> 10, new.started_at, new.started_at)
        ON CONFLICT (block) DO UPDATE SET min_started = min(min_started, excluded.min_started),
          max_started = max(max_started, excluded.max_started); END;
    CREATE TABLE history_totals (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
    INSERT INTO history_totals (id, n) SELECT 1, COUNT(*) FROM exchanges;
    CREATE TRIGGER exchanges_counted_insert AFTER INSERT ON exchanges
      BEGIN UPDATE history_totals SET n = n + 1 WHERE id = 1; END;
    CREATE TRIGGER exchanges_counted_delete AFTER DELETE ON exchanges
      BEGIN UPDATE history_totals SET n = n - 1 WHERE id = 1; END;`,
};
