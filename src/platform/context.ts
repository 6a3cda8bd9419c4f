// What every platform service shares: the database, history, key, clock, SSRF mode and manager
// of one data folder. Built once by createPlatform and passed to each service factory.

import { statement } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { PlatformError } from './errors.ts';
import type { History } from '../store/history.ts';
import type { KeyProvider } from './secrets.ts';
import type { ConnectorManager } from './manager.ts';
import type { Resolver, SsrfMode } from './ssrf.ts';

export interface PlatformContext {
  db: Db;
  history: History;
  keys: KeyProvider;
  dataDir: string | null;
  ssrfMode: SsrfMode;
  now: () => Date;
  resolver: Resolver;
  orgId: string;
  manager: ConnectorManager;
  /** Latency under which a valid pong counts as healthy. */
  healthyLatencyMs: number;
}

export const iso = (ctx: PlatformContext): string => ctx.now().toISOString();

export function parseJsonColumn<T>(value: unknown): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : null;
}

/** Refuses a workspace id that names no workspace of this organization (a validation error on `workspace_id`). */
export function requireWorkspace(ctx: PlatformContext, id: unknown): void {
  if (
    typeof id !== 'string' ||
    !statement(ctx.db, 'SELECT 1 FROM workspaces WHERE id = ? AND org_id = ?').get(id, ctx.orgId)
  )
    throw new PlatformError('validation_error', `workspace_id "${String(id)}" names no workspace`, {
      field: 'workspace_id',
    });
}
