// Business tools: the connector tools registered in a workspace by a sync, and the tool test of
// protocol.md 4.3 (decisions.md 3), which sends one tool.invoke through the connector manager.

import type { JsonObject } from '../protocol/index.ts';
import { statement } from '../store/database.ts';
import { PlatformError } from './errors.ts';
import type { PlatformContext } from './context.ts';
import type { ConnectionRegistry } from './connections.ts';
import type { Faults } from '../client/index.ts';
import type { BusinessTool, BusinessToolTestResult } from './types.ts';

export interface BusinessToolTestOptions {
  traceId?: string;
  faults?: Faults;
  conversationId?: string;
  channel?: string;
  identity?: JsonObject;
}

interface Row {
  id: string;
  workspace_id: string;
  connection_id: string;
  name: string;
  definition: string;
  created_at: string;
  updated_at: string;
}

const toView = (r: Row): BusinessTool => ({
  id: r.id,
  workspace_id: r.workspace_id,
  connection_id: r.connection_id,
  name: r.name,
  definition: JSON.parse(r.definition),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export function businessToolService(ctx: PlatformContext, registry: ConnectionRegistry) {
  const { db } = ctx;
  const COLUMNS = 'id, workspace_id, connection_id, name, definition, created_at, updated_at';

  function get(id: string): BusinessTool {
    const r = statement(db, `SELECT ${COLUMNS} FROM business_tools WHERE id = ? AND org_id = ?`).get(
      id,
      ctx.orgId,
    ) as Row | undefined;
    if (!r) throw new PlatformError('not_found', `no business tool with id "${String(id)}"`);
    return toView(r);
  }

  return {
    list(filter: { workspaceId?: string; connectionId?: string } = {}): BusinessTool[] {
      const where = ['org_id = @org'];
      if (filter.workspaceId !== undefined) where.push('workspace_id = @workspaceId');
      if (filter.connectionId !== undefined) where.push('connection_id = @connectionId');
      const rows = statement(
        db,
        `SELECT ${COLUMNS} FROM business_tools WHERE ${where.join(' AND ')} ORDER BY name, workspace_id`,
      ).all({ org: ctx.orgId, ...filter }) as Row[];
      return rows.map(toView);
    },
    get,

    async test(
      id: string,
      args: unknown,
      options: BusinessToolTestOptions = {},
    ): Promise<BusinessToolTestResult> {
      const tool = get(id);
      const parameters = args === undefined ? {} : args;
      if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
        throw new PlatformError('validation_error', 'arguments must be a JSON object', {
          field: 'arguments',
        });
      const connection = registry.row(tool.connection_id);
      if (connection.enabled !== 1)
        return {
          ok: false,
          error: {
            code: 'connection_disabled',
            message: `connection "${connection.name}" is disabled; enable it to route tool calls to it`,
          },
          duration_ms: 0,
          request_id: '',
          trace_id: '',
          exchange_ids: [],
        };
      const result = await ctx.manager.invoke(
        registry.target(tool.connection_id, tool.workspace_id),
        tool.name,
        parameters as JsonObject,
        options,
      );
      const common = {
        duration_ms: Math.round(result.durationMs * 10) / 10,
        request_id: result.requestId,
        trace_id: result.traceId,
        exchange_ids: await ctx.manager.committedIds(result),
      };
      if (result.ok) return { ok: true, output: (result.json as { output: unknown }).output, ...common };
      return { ok: false, error: { code: result.code, message: result.message }, ...common };
    },
  };
}
