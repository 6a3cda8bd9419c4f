// Checks of the connection and tool methods' inputs: only the contract's ConnectionInput fields (the
// registry then applies its own full validation), a sync's workspace, the business tools' filter.

import type { SyncOptions } from '../platform/index.ts';
import type { ConnectionInput } from '../shared/index.ts';
import { validationError } from './errors.ts';
import { definedOnly, idOf, inputOf, objectInput, onlyKeys, optionalString } from './input.ts';

const CONNECTION_FIELDS = ['name', 'webhook_url', 'signing_secret', 'enabled', 'workspace_id'] as const;

/** The contract's ConnectionInput only; the registry then applies its own full validation. */
export function connectionInputOf(raw: unknown, what = 'the input'): ConnectionInput {
  const input = objectInput(raw, what);
  onlyKeys(input, CONNECTION_FIELDS, what);
  if (Object.keys(input).length === 0 && what === 'changes')
    throw validationError('changes must name at least one field', 'changes');
  return input as ConnectionInput;
}

/** `connections:update`: which connection, and the fields to change (at least one). */
export function connectionUpdateOf(raw: unknown): { id: string; changes: ConnectionInput } {
  const input = inputOf(raw, 'connections:update', ['id', 'changes']);
  return { id: idOf(input), changes: connectionInputOf(input.changes, 'changes') };
}

/** `connections:sync-tools`: which connection, and the workspace its tools go to (null: none). */
export function syncToolsOf(raw: unknown): { id: string; options: SyncOptions } {
  const input = inputOf(raw, 'connections:sync-tools', ['id', 'workspaceId']);
  const workspaceId = input.workspaceId === null ? null : optionalString(input, 'workspaceId', 200);
  return { id: idOf(input), options: workspaceId === undefined ? {} : { workspaceId } };
}

/** `tools:list`: the business tools of a workspace or of a connection, or all of them. */
export function toolsFilterOf(raw: unknown): { workspaceId?: string; connectionId?: string } {
  const input = inputOf(raw, 'tools:list', ['workspaceId', 'connectionId'], { optional: true });
  return definedOnly({
    workspaceId: optionalString(input, 'workspaceId', 200),
    connectionId: optionalString(input, 'connectionId', 200),
  });
}
