// The demo catalog as a built-in definition: its tools answer through the real demo catalog
// implementation (its own SQLite database), reached through the SDK's public handle() only.

import { randomBytes } from 'node:crypto';
import { HEADER_TRACE_ID, PROTOCOL_VERSION, sign } from '../../protocol/index.ts';
import type { JsonObject, ToolDefinition } from '../../protocol/index.ts';
import { ToolError } from '../index.ts';
import { DEMO_CATALOG_METADATA, createDemoCatalog } from '../demo-catalog/index.ts';
import type { Quotation } from '../demo-catalog/index.ts';
import type { BuiltinTool } from './behaviours.ts';
import type { DefinitionInput } from './definition.ts';

export const DEMO_CATALOG_NAME = 'Demo catalog';

let toolCache: ToolDefinition[] | null = null;

/** The demo catalog's tool declarations, read once from a throwaway in-memory instance. */
export function demoCatalogTools(): ToolDefinition[] {
  if (!toolCache) {
    const demo = createDemoCatalog({ signingSecret: 'declarations-only' });
    try {
      toolCache = demo.connector.definitions();
    } finally {
      demo.close();
    }
  }
  return structuredClone(toolCache);
}

export function demoCatalogDefinition(name = DEMO_CATALOG_NAME): DefinitionInput {
  return {
    name,
    description:
      "The reference connector of the protocol: products, quotes and quotations in its own SQLite database. Change a tool's behaviour to inject faults in front of the real implementation.",
    builtin: 'demo-catalog',
    tools: demoCatalogTools().map((t) => ({ ...t, behaviour: { type: 'builtin' } })),
    metadata: structuredClone(DEMO_CATALOG_METADATA),
  };
}

export interface DemoDelegate {
  invoke: BuiltinTool;
  close(): void;
}

/**
 * One demo catalog instance for a running connector. It keeps its own random secret: the
 * definition's secret may change on a reload while the catalog (and an in-memory database) lives on.
 */
export function openDemoDelegate(options: {
  dbFile: string;
  onQuotationCreated?: (q: Quotation) => Promise<void>;
}): DemoDelegate {
  const secret = randomBytes(32).toString('hex');
  const demo = createDemoCatalog({
    signingSecret: secret,
    dbFile: options.dbFile,
    onQuotationCreated: options.onQuotationCreated,
  });
  const invoke: BuiltinTool = async (tool, parameters, ctx) => {
    const envelope: JsonObject = {
      protocol_version: PROTOCOL_VERSION,
      request_id: ctx.requestId,
      type: 'tool.invoke',
      identity: ctx.identity,
      tool,
      parameters,
    };
    if (ctx.organizationId !== undefined) envelope.organization_id = ctx.organizationId;
    if (ctx.conversationId !== undefined) envelope.conversation_id = ctx.conversationId;
    if (ctx.channel !== undefined) envelope.channel = ctx.channel;
    const body = Buffer.from(JSON.stringify(envelope));
    const headers: Record<string, string> = { ...sign(secret, body) };
    if (ctx.traceId !== undefined) headers[HEADER_TRACE_ID] = ctx.traceId;
    const res = await demo.connector.handle({ method: 'POST', path: '/service', headers, body });
    const answer = JSON.parse(res.body) as {
      type: string;
      output?: JsonObject;
      code?: string;
      message?: string;
    };
    if (answer.type === 'result' && answer.output) return answer.output;
    if (answer.type === 'error')
      throw new ToolError(answer.code ?? 'tool_error', answer.message ?? '', res.outcome.details);
    throw new ToolError(
      'tool_error',
      `the demo catalog answered an unexpected ${answer.type} to tool "${tool}"`,
    );
  };
  return { invoke, close: () => demo.close() };
}
