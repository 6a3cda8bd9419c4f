// Derived views of the connections state, as plain functions (shared/style.md anchor 8).
// Components read derived values through these, so each is computed one way for every screen.

import type { ApiError, ConnectionDto, SyncReportDto } from '../../../../shared/index.ts';
import type { ConnectionOp, ConnectionsState } from './initialState.ts';

export const selectedConnection = (s: ConnectionsState): ConnectionDto | null =>
  s.items.find((c) => c.id === s.selectedId) ?? null;

export const opError = (s: ConnectionsState, op: ConnectionOp, id: string): ApiError | null =>
  s.errors[`${op}:${id}`] ?? null;

export const isBusy = (s: ConnectionsState, op: ConnectionOp, id: string): boolean =>
  Boolean(s.busy[`${op}:${id}`]);

/** A connection without the plaintext secret an answer may carry: no store keeps that secret. */
export function withoutSecret(c: ConnectionDto): ConnectionDto {
  const { signing_secret: _secret, ...safe } = c;
  return safe;
}

/** Counts per change kind: what a sync changed is what a person looks for. */
export function syncChanges(report: SyncReportDto | undefined) {
  if (!report) return null;
  const count = (change: string) => report.tools.filter((t) => t.change === change).length;
  return {
    report,
    added: count('new'),
    updated: count('updated'),
    removed: count('removed'),
    unchanged: count('unchanged'),
  };
}
