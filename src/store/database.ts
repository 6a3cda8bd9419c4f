// Opens the engine's SQLite database (one file per data folder) with WAL and foreign keys, and
// runs each layer's versioned migrations; a database written by a newer version is refused.

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;
export type Statement = Database.Statement;

// One cache per connection, dropped with it: a statement belongs to the connection that prepared it.
const statementCaches = new WeakMap<Db, Map<string, Statement>>();
// SQL text is built only from fixed fragments (filters pick among known columns), so the set of
// distinct statements is small; the cap only guards against a caller that inlines values by mistake.
const STATEMENT_CACHE_LIMIT = 512;

/**
 * The connection's prepared statement for `sql`, prepared on first use and reused afterwards:
 * preparing per request cost a quarter of the connector's CPU and left garbage statements the GC
 * reclaimed late (RSS climbed by hundreds of MB under load). `pluck` statements are cached apart,
 * since pluck() changes the statement itself.
 */
export function statement(db: Db, sql: string, options: { pluck?: boolean } = {}): Statement {
  let cache = statementCaches.get(db);
  if (!cache) statementCaches.set(db, (cache = new Map()));
  const key = options.pluck ? `pluck\u0000${sql}` : sql;
  let stmt = cache.get(key);
  if (!stmt) {
    stmt = db.prepare(sql);
    if (options.pluck) stmt.pluck();
    if (cache.size >= STATEMENT_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, stmt);
  }
  return stmt;
}

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
  // 32 MB of page cache instead of 2 MB: at a million History rows the indexes' inner pages no
  // longer fit in 2 MB and every insert re-read them from the OS.
  db.pragma('cache_size = -32000');
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
