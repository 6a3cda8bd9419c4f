// Opens the engine's SQLite database (one file per data folder) with WAL and foreign keys, and
// runs each layer's versioned migrations; a database written by a newer version is refused.

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

export interface Migration {
  version: number;
  name: string;
  up: string | ((db: Db) => void);
}

export class StoreVersionError extends Error {
  readonly code = 'store_too_new';
  // Plain fields, not parameter properties: Node's type stripping cannot run those.
  readonly domain: string;
  readonly found: number;
  readonly supported: number;
  readonly file: string;
  constructor(domain: string, found: number, supported: number, file: string) {
    super(
      `The database ${file} holds "${domain}" schema version ${found}, but this Connector Testbench only knows up to version ${supported}. ` +
        'It was written by a newer release: upgrade the testbench, or point --data-dir at another folder.',
    );
    this.name = 'StoreVersionError';
    this.domain = domain;
    this.found = found;
    this.supported = supported;
    this.file = file;
  }
}

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a killed process (only power loss can drop the last commits).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    domain TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (domain, version)
  )`);
  return db;
}

/** Applies the migrations of one layer ("platform", "host", "history"...) that are not applied yet. */
export function migrate(db: Db, domain: string, migrations: Migration[]): void {
  const supported = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations WHERE domain = ?').get(domain) as {
    v: number | null;
  };
  const current = row.v ?? 0;
  if (current > supported) throw new StoreVersionError(domain, current, supported, db.name);
  const pending = migrations.filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  const record = db.prepare(
    'INSERT INTO schema_migrations (domain, version, name, applied_at) VALUES (?, ?, ?, ?)',
  );
  for (const m of pending) {
    db.transaction(() => {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      record.run(domain, m.version, m.name, new Date().toISOString());
    })();
  }
}
