// What the manager's one call path sends, and to whom: a target (connection, local connector or
// URL) and a message (a protocol request signed now, or recorded bytes sent again), with its headers.

import { HEADER_TENANT_ID, HEADER_TRACE_ID, HEADER_WORKSPACE_ID } from '../protocol/index.ts';
import type { ConnectorRequest } from '../protocol/index.ts';
import type { Faults } from '../client/index.ts';
import type { SsrfMode } from './ssrf.ts';

/** Where a call goes; the registry builds it for connections, the engine for the other targets. */
export interface CallTarget {
  connectionId: string | null;
  localConnectorId?: string | null;
  url: string;
  /** Null only for a URL typed by hand whose recorded bytes go again as they were: no secret is kept. */
  secret: string | null;
  timeoutMs: number;
  tenantId: string;
  workspaceId: string | null;
  ssrfMode: SsrfMode;
  /** The receiver's window and version: given, each request is explained as sent (console, replay). */
  receiver?: { toleranceSeconds: number; protocolVersion: string } | null;
}

/** Everything the manager needs to call one connection; the registry builds it. */
export interface ConnectionTarget extends CallTarget {
  connectionId: string;
  secret: string;
}

export type Outgoing =
  | { kind: 'signed'; request: ConnectorRequest }
  | {
      kind: 'recorded';
      method: string;
      headers: Array<[string, string]>;
      body: Buffer;
      requestType: string | null;
      tool: string | null;
      requestId: string | null;
      traceId: string | null;
      /** What this sending is, in words (e.g. `replay of #12 as sent`). */
      notes: string[];
    };

export interface ManagerCallOptions {
  traceId?: string;
  faults?: Faults;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SendOptions extends ManagerCallOptions {
  /** 1 for a person's single send (console, replay); default: the platform's retry policy. */
  maxAttempts?: number;
  maxResponseBytes?: number;
}

interface Common {
  requestType: string | null;
  tool: string | null;
  requestId: string | null;
  traceId: string;
  /** The protocol request when the manager built the bytes; null for recorded bytes. */
  request: ConnectorRequest | null;
}

export type Described = Common &
  (
    | { kind: 'signed'; body: string; headers: Record<string, string> }
    | { kind: 'recorded'; method: string; rawHeaders: Array<[string, string]>; body: Buffer; notes: string[] }
  );

/** The platform headers are written here, once, for every signed request. */
export function describe(target: CallTarget, outgoing: Outgoing, traceId: string): Described {
  if (outgoing.kind === 'recorded')
    return {
      kind: 'recorded',
      requestType: outgoing.requestType,
      tool: outgoing.tool,
      requestId: outgoing.requestId,
      traceId: outgoing.traceId ?? traceId,
      request: null,
      method: outgoing.method,
      rawHeaders: outgoing.headers,
      body: outgoing.body,
      notes: outgoing.notes,
    };
  const request = outgoing.request;
  const headers: Record<string, string> = {
    [HEADER_TRACE_ID]: traceId,
    [HEADER_TENANT_ID]: target.tenantId,
  };
  if (target.workspaceId) headers[HEADER_WORKSPACE_ID] = target.workspaceId;
  return {
    kind: 'signed',
    requestType: request.type,
    tool: request.type === 'tool.invoke' ? request.tool : null,
    requestId: request.request_id,
    traceId,
    request,
    body: JSON.stringify(request),
    headers,
  };
}
