// A History database as an older release left it: the schema migrated only up to a given version,
// so upgrade tests can write rows the old way and then open it with today's code.

import { migrate, openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { historyMigrations } from '../../../src/store/history.ts';

export function historyDatabaseAt(file: string, version: number): Db {
  const db = openDatabase(file);
  migrate(
    db,
    'history',
    historyMigrations.filter((m) => m.version <= version),
  );
  return db;
}
