// What the guided demo created (its local connector, its connection), kept in the engine's database
// under its own migration domain: only what is recorded here is the demo's to reuse or remove.

import type { Db, Migration } from '../../store/database.ts';
import { migrate } from '../../store/database.ts';
import type Database from 'better-sqlite3';

// The domain keeps its first name ("demo"): data folders written before the move stay readable.
const demoMigrations: Migration[] = [
  {
    version: 1,
    name: 'objects the guided demo owns',
    up: `CREATE TABLE demo_owned (
      kind TEXT PRIMARY KEY CHECK (kind IN ('connector', 'connection')),
      id TEXT NOT NULL
    );`,
  },
];

export type DemoOwnedKind = 'connector' | 'connection';

/** Statements prepared once, at open; each call only binds and runs. */
export class DemoOwnership {
  private readonly select: Database.Statement<[string], { id: string }>;
  private readonly upsert: Database.Statement<[string, string]>;
  private readonly remove: Database.Statement<[string]>;

  constructor(db: Db) {
    migrate(db, 'demo', demoMigrations);
    this.select = db.prepare('SELECT id FROM demo_owned WHERE kind = ?');
    this.upsert = db.prepare(
      'INSERT INTO demo_owned (kind, id) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET id = excluded.id',
    );
    this.remove = db.prepare('DELETE FROM demo_owned WHERE kind = ?');
  }

  get(kind: DemoOwnedKind): string | null {
    return this.select.get(kind)?.id ?? null;
  }

  set(kind: DemoOwnedKind, id: string): void {
    this.upsert.run(kind, id);
  }

  forget(kind: DemoOwnedKind): void {
    this.remove.run(kind);
  }
}
