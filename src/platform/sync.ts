// Tool sync (protocol.md 4.2, decisions.md 3): capabilities.list with fallback to legacy tools.list,
// stores definitions and metadata on the connection, registers business tools in the bound workspace.

import { randomUUID } from 'node:crypto';
import type { OrgMetadata, ToolDefinition } from '../protocol/index.ts';
import { PlatformError } from './errors.ts';
import { newId } from './ids.ts';
import { readToolList } from './tool-list.ts';
import type { ToolListReading } from './tool-list.ts';
import type { ManagerResult } from './manager.ts';
import { iso, parseJsonColumn, requireWorkspace } from './context.ts';
import type { PlatformContext } from './context.ts';
import type { ConnectionRegistry } from './connections.ts';
import type { FlowItemView, FlowsView, SyncReport, ToolChange } from './types.ts';
import { statement } from '../store/database.ts';

export interface SyncOptions {
  /** undefined: the connection's workspace; null: register nothing; a string: that workspace. */
  workspaceId?: string | null;
  traceId?: string;
}

/** capabilities.list failures after which the legacy call is worth trying. */
function shouldFallBack(result: ManagerResult): boolean {
  if (result.code === 'unknown_type' || result.code === 'invalid_response') return true;
  return result.status !== null && result.status >= 400 && result.status < 500 && result.status !== 429;
}

export async function syncTools(
  ctx: PlatformContext,
  registry: ConnectionRegistry,
  id: string,
  options: SyncOptions = {},
): Promise<SyncReport> {
  const connection = registry.row(id);
  const workspaceId = options.workspaceId === undefined ? connection.workspace_id : options.workspaceId;
  if (workspaceId) requireWorkspace(ctx, workspaceId);
  const target = registry.target(id, workspaceId);
  const traceId = options.traceId ?? randomUUID();

  let source: SyncReport['source'] = 'capabilities.list';
  const warnings: string[] = [];
  let result = await ctx.manager.listCapabilities(target, { traceId });
  let reading: ToolListReading | null = result.ok ? readToolList(result.json, source) : null;
  if (!reading && (result.ok || shouldFallBack(result))) {
    warnings.push(
      `capabilities.list failed (${result.code}: ${result.message}); fell back to the legacy tools.list`,
    );
    source = 'tools.list';
    result = await ctx.manager.listTools(target, { traceId });
    reading = result.ok ? readToolList(result.json, source) : null;
  }
  // Answer only once History holds every attempt, so the UI can link to them at once.
  const exchangeIds = await ctx.manager.committedIds(result);
  if (!reading)
    throw new PlatformError(
      'connector_error',
      `tool sync failed: ${source} ended with ${result.code}: ${result.message}`,
      {
        code: result.code,
        source,
        trace_id: traceId,
        exchange_ids: exchangeIds,
      },
    );
  for (const w of reading.warnings) warnings.push(w);

  const previous = parseJsonColumn<ToolDefinition[]>(connection.tools) ?? [];
  const tools = ctx.db.transaction(() => {
    statement(
      ctx.db,
      'UPDATE sdk_connections SET tools = ?, metadata = ?, metadata_version = ?, updated_at = ? WHERE id = ?',
    ).run(
      JSON.stringify(reading.tools),
      reading.metadata ? JSON.stringify(reading.metadata) : null,
      reading.metadata?.version ?? null,
      iso(ctx),
      id,
    );
    return workspaceId
      ? registerTools(ctx, id, workspaceId, reading.tools)
      : diffOnly(previous, reading.tools);
  })();
  return {
    source,
    tools,
    metadata: reading.metadata,
    warnings,
    workspace_id: workspaceId ?? null,
    trace_id: traceId,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function diffOnly(previous: ToolDefinition[], next: ToolDefinition[]): SyncReport['tools'] {
  const before = new Map(previous.map((t) => [t.name, t]));
  const out: SyncReport['tools'] = next.map((t) => {
    const old = before.get(t.name);
    const change: ToolChange = !old ? 'new' : same(old, t) ? 'unchanged' : 'updated';
    return { name: t.name, business_tool_id: null, change };
  });
  const names = new Set(next.map((t) => t.name));
  for (const t of previous)
    if (!names.has(t.name)) out.push({ name: t.name, business_tool_id: null, change: 'removed' });
  return out;
}

function registerTools(
  ctx: PlatformContext,
  connectionId: string,
  workspaceId: string,
  next: ToolDefinition[],
): SyncReport['tools'] {
  const { db } = ctx;
  const existing = statement(
    db,
    'SELECT id, name, definition FROM business_tools WHERE connection_id = ? AND workspace_id = ?',
  ).all(connectionId, workspaceId) as Array<{ id: string; name: string; definition: string }>;
  const byName = new Map(existing.map((r) => [r.name, r]));
  const at = iso(ctx);
  const insert = statement(
    db,
    'INSERT INTO business_tools (id, org_id, workspace_id, connection_id, name, definition, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = statement(db, 'UPDATE business_tools SET definition = ?, updated_at = ? WHERE id = ?');
  const out: SyncReport['tools'] = [];
  for (const tool of next) {
    const old = byName.get(tool.name);
    const definition = JSON.stringify(tool);
    if (!old) {
      const id = newId('bt');
      insert.run(id, ctx.orgId, workspaceId, connectionId, tool.name, definition, at, at);
      out.push({ name: tool.name, business_tool_id: id, change: 'new' });
    } else if (old.definition !== definition) {
      update.run(definition, at, old.id);
      out.push({ name: tool.name, business_tool_id: old.id, change: 'updated' });
    } else out.push({ name: tool.name, business_tool_id: old.id, change: 'unchanged' });
  }
  const names = new Set(next.map((t) => t.name));
  const remove = statement(db, 'DELETE FROM business_tools WHERE id = ?');
  for (const old of existing)
    if (!names.has(old.name)) {
      remove.run(old.id);
      out.push({ name: old.name, business_tool_id: old.id, change: 'removed' });
    }
  return out;
}

export function flowsOf(metadata: OrgMetadata | null): FlowsView {
  if (!metadata) return { version: null, items: [] };
  const items: FlowItemView[] = [
    ...metadata.events.map((e) => ({ id: e.id, kind: 'event' as const, label: e.label })),
    ...metadata.actions.map((a) => ({ id: a.id, kind: 'action' as const, label: a.label })),
    ...metadata.tasks.map((t) => ({
      id: t.id,
      kind: 'task' as const,
      label: t.label,
      ...(t.priority ? { priority: t.priority } : {}),
    })),
  ];
  return { version: metadata.version, items };
}
