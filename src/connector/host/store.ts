// Connector definitions in the engine's SQLite database (migrations of domain "host"): one row per
// definition, its JSON as saved, a unique name (case-insensitive), creation and update times.

import { randomBytes } from 'node:crypto';
import type { Db, Migration } from '../../store/database.ts';
import { migrate, statement } from '../../store/database.ts';
import type { BuiltinKind, ConnectorDefinition, StoredDefinition } from './definition.ts';
import { HostError } from './errors.ts';

export const hostMigrations: Migration[] = [
  {
    version: 1,
    name: 'connector definitions',
    up: `CREATE TABLE host_definitions (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL COLLATE NOCASE UNIQUE,
      builtin TEXT,
      definition TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );`,
  },
  {
    // A connector defined with port 0 keeps the port it got on its first start: a connection registered
    // from it (its URL holds the port) must not go stale when the connector restarts.
    version: 2,
    name: 'remembered port of port-0 connectors',
    up: `ALTER TABLE host_definitions ADD COLUMN last_port INTEGER;`,
  },
];

interface Row {
  id: string;
  name: string;
  definition: string;
  created_at: number;
  updated_at: number;
}

function fromRow(r: Row): StoredDefinition {
  return {
    id: r.id,
    name: r.name,
    definition: JSON.parse(r.definition) as ConnectorDefinition,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function newDefinitionId(): string {
  return `lc_${randomBytes(6).toString('hex')}`;
}

/** Stores definitions already validated by the caller; enforces only identity and unique names. */
export class DefinitionStore {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    migrate(db, 'host', hostMigrations);
  }

  list(): StoredDefinition[] {
    return (statement(this.db, 'SELECT * FROM host_definitions ORDER BY created_at, id').all() as Row[]).map(
      fromRow,
    );
  }

  get(id: string): StoredDefinition {
    const row = statement(this.db, 'SELECT * FROM host_definitions WHERE id = ?').get(id) as Row | undefined;
    if (!row) throw new HostError('not_found', `no connector definition with id "${id}"`, { id });
    return fromRow(row);
  }

  findByName(name: string): StoredDefinition | null {
    const row = statement(this.db, 'SELECT * FROM host_definitions WHERE name = ?').get(name) as
      Row | undefined;
    return row ? fromRow(row) : null;
  }

  hasBuiltin(kind: BuiltinKind): boolean {
    return statement(this.db, 'SELECT 1 FROM host_definitions WHERE builtin = ?').get(kind) !== undefined;
  }

  insert(definition: ConnectorDefinition, id = newDefinitionId()): StoredDefinition {
    const at = this.now();
    this.guardName(definition.name, null);
    statement(
      this.db,
      'INSERT INTO host_definitions (id, name, builtin, definition, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(id, definition.name, definition.builtin ?? null, JSON.stringify(definition), at, at);
    return this.get(id);
  }

  update(id: string, definition: ConnectorDefinition): StoredDefinition {
    this.get(id);
    this.guardName(definition.name, id);
    statement(
      this.db,
      'UPDATE host_definitions SET name = ?, builtin = ?, definition = ?, updated_at = ? WHERE id = ?',
    ).run(definition.name, definition.builtin ?? null, JSON.stringify(definition), this.now(), id);
    return this.get(id);
  }

  /** The port a port-0 connector got on its first start, reused on every later start (null: none yet). */
  rememberedPort(id: string): number | null {
    const row = statement(this.db, 'SELECT last_port FROM host_definitions WHERE id = ?').get(id) as
      { last_port: number | null } | undefined;
    return row?.last_port ?? null;
  }

  rememberPort(id: string, port: number | null): void {
    statement(this.db, 'UPDATE host_definitions SET last_port = ? WHERE id = ?').run(port, id);
  }

  remove(id: string): void {
    const info = statement(this.db, 'DELETE FROM host_definitions WHERE id = ?').run(id);
    if (info.changes === 0)
      throw new HostError('not_found', `no connector definition with id "${id}"`, { id });
  }

  private guardName(name: string, exceptId: string | null): void {
    const other = this.findByName(name);
    if (other && other.id !== exceptId)
      throw new HostError(
        'name_taken',
        `a connector named "${other.name}" already exists (id ${other.id}); pick another name`,
        { name, id: other.id },
      );
  }
}
