// The console's send use-case: one signed request to a connection, a local connector or a typed
// URL, through the manager's one call path (faults, SSRF, History), answered as the History row.

import { buildRequest } from '../client/index.ts';
import type { Faults } from '../client/index.ts';
import type { JsonObject, RequestType } from '../protocol/index.ts';
import type { Exchange } from '../store/history.ts';
import { resolveCallTarget } from './call-target.ts';
import type { CallDeps, TargetRef } from './call-target.ts';

export interface ConsoleSendRequest {
  target: TargetRef;
  type: RequestType;
  tool?: string;
  parameters?: JsonObject;
  identity?: JsonObject;
  conversationId?: string;
  channel?: string;
  faults?: Faults;
}

/** Sends once (a person is watching: no retries) and answers the History row of the delivery. */
export async function sendFromConsole(deps: CallDeps, input: ConsoleSendRequest): Promise<Exchange> {
  const target = resolveCallTarget(deps, input.target);
  const request = buildRequest(input.type, {
    organization_id: target.tenantId,
    ...(input.tool !== undefined ? { tool: input.tool } : {}),
    ...(input.parameters ? { parameters: input.parameters } : {}),
    ...(input.identity ? { identity: input.identity } : {}),
    ...(input.conversationId ? { conversation_id: input.conversationId } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
  });
  const manager = deps.platform.manager;
  const result = await manager.send(
    target,
    { kind: 'signed', request },
    { faults: input.faults, maxAttempts: 1 },
  );
  return committedExchange(deps, await manager.committedIds(result));
}

/** The last History row of a call (with a replay fault, the second delivery). */
export function committedExchange(deps: Pick<CallDeps, 'history'>, ids: number[]): Exchange {
  const id = ids[ids.length - 1];
  const e = id === undefined ? null : deps.history.get(id);
  if (!e) throw new Error(`history row ${String(id)} of a call is missing`);
  return e;
}
