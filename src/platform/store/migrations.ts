// SQLite schema of the mock platform (domain "platform"): organizations, users, workspaces,
// SDK connections with encrypted secrets, business tools, organization events and documents.

import type { Migration } from '../../store/database.ts';

export const platformMigrations: Migration[] = [
  {
    version: 1,
    name: 'platform',
    up: `CREATE TABLE organizations (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      plan TEXT NOT NULL CHECK (plan IN ('free', 'premium')),
      created_at TEXT NOT NULL
    );
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      name TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
      password_hash TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE workspaces (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE sdk_connections (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      webhook_url TEXT,
      secret_ciphertext TEXT,
      enabled INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
      status TEXT NOT NULL DEFAULT 'unknown' CHECK (status IN ('unknown', 'healthy', 'degraded', 'failing')),
      last_tested_at TEXT,
      last_test TEXT,
      workspace_id TEXT REFERENCES workspaces (id) ON DELETE SET NULL,
      timeout_ms INTEGER NOT NULL DEFAULT 30000,
      ssrf_verdict TEXT,
      pinned_address TEXT,
      tools TEXT,
      metadata TEXT,
      metadata_version INTEGER,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      UNIQUE (org_id, name)
    );
    CREATE TABLE business_tools (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      connection_id TEXT NOT NULL REFERENCES sdk_connections (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      definition TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      UNIQUE (workspace_id, connection_id, name)
    );
    CREATE INDEX business_tools_connection ON business_tools (connection_id);
    CREATE TABLE org_events (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      connection_id TEXT NOT NULL REFERENCES sdk_connections (id) ON DELETE CASCADE,
      event_id TEXT,
      payload TEXT,
      verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
      failure TEXT,
      received_at TEXT NOT NULL
    );
    CREATE INDEX org_events_connection ON org_events (connection_id, received_at);
    CREATE TABLE documents (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      filename TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      path TEXT NOT NULL,
      created_at TEXT NOT NULL
    );`,
  },
  {
    // Secret rotation with a grace period: ALTER keeps every row; both columns start NULL (no rotation).
    version: 2,
    name: 'secret-rotation',
    up: `ALTER TABLE sdk_connections ADD COLUMN previous_secret_ciphertext TEXT;
    ALTER TABLE sdk_connections ADD COLUMN grace_ends_at TEXT;`,
  },
];
