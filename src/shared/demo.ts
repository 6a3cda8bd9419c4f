// Contract shapes of the guided demo: the connection walk shown to organization admins, its
// simulated customer chat (tool calls through the platform) and its restart from a clean state.

import type { ConnectionDto } from './types.ts';

/** The one name the demo gives its connector and its connection; a user's own object of that name is never touched. */
export const DEMO_CONNECTION_NAME = 'Demo catalog (demo)';

/** Shown wherever a secret would be: the demo never carries one over the bridge. */
export const DEMO_SECRET_MASK = '•••• (kept by the platform)';

/** The chat channel of the simulated customer conversation (protocol.md 1). */
export const DEMO_CHANNEL = 'whatsapp';

export interface DemoStateDto {
  /** The demo's own instance of the built-in Demo catalog, once created. */
  connector: { id: string; name: string; running: boolean; url: string | null } | null;
  /** The demo's connection; never carries `signing_secret`. */
  connection: ConnectionDto | null;
  /** True when the connector was started by this call (step 1 says so). */
  started?: boolean;
}

export interface DemoInvokeInput {
  /** A tool name of the demo connection, synced as a business tool. */
  tool: string;
  arguments?: Record<string, unknown>;
  /** Set for the customer conversation; a `chat: false` tool is refused there. */
  conversationId?: string;
  channel?: string;
}

/** One tool call as the platform made it: the signed request as sent and the connector's answer. */
export interface DemoInvokeDto {
  tool: string;
  ok: boolean;
  output: unknown;
  error: { code: string; message: string } | null;
  durationMs: number;
  requestId: string;
  /** History id of the exchange (open it in the Inspector). */
  exchangeId: number | null;
  request: { method: string; url: string; headers: Array<[string, string]>; body: unknown } | null;
  response: { status: number | null; body: unknown } | null;
}

export interface DemoResetDto {
  removedConnection: boolean;
  removedConnector: boolean;
  removedTools: number;
  removedEvents: number;
}
