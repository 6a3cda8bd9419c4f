// What the guided demo created (its local connector, its connection), kept in the engine's database
// under its own migration domain: only what is recorded here is the demo's to reuse or remove.

import type { Db, Migration } from '../store/database.ts';
import { migrate } from '../store/database.ts';

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

export class DemoOwnership {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    migrate(db, 'demo', demoMigrations);
  }

  get(kind: DemoOwnedKind): string | null {
    const row = this.db.prepare('SELECT id FROM demo_owned WHERE kind = ?').get(kind) as
      { id: string } | undefined;
    return row?.id ?? null;
  }

  set(kind: DemoOwnedKind, id: string): void {
    this.db
      .prepare(
        'INSERT INTO demo_owned (kind, id) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET id = excluded.id',
      )
      .run(kind, id);
  }

  forget(kind: DemoOwnedKind): void {
    this.db.prepare('DELETE FROM demo_owned WHERE kind = ?').run(kind);
  }
}
