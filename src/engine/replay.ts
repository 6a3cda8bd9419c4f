// The History replay use-case: a recorded request sent again, byte for byte as sent (its old
// timestamp and signature: what a connector does with a replay) or re-signed now, via the manager.

import { nowSeconds } from '../protocol/index.ts';
import type { CallTarget } from '../platform/index.ts';
import type { Exchange } from '../store/history.ts';
import { AD_HOC_TIMEOUT_MS, resolveCallTarget } from './call-target.ts';
import type { CallDeps, ResolvedTarget } from './call-target.ts';
import { committedExchange } from './console-send.ts';
import { resendableHeaders, resigned } from './resend-headers.ts';

export type ReplayMode = 'as-sent' | 're-signed';

export class ReplayError extends Error {
  readonly code: 'secret_unknown' | 'not_running';
  constructor(code: 'secret_unknown' | 'not_running', message: string) {
    super(message);
    this.name = 'ReplayError';
    this.code = code;
  }
}

/** Sends `original` again and answers the new History row. */
export async function replayExchange(
  deps: CallDeps,
  original: Exchange,
  mode: ReplayMode,
): Promise<Exchange> {
  const target = replayTarget(deps, original);
  if (mode === 're-signed' && !target.secret)
    throw new ReplayError(
      'secret_unknown',
      `exchange #${original.id} went to a URL typed by hand and the testbench does not keep such secrets: replay it as sent, or send it again from the Console`,
    );
  let headers = resendableHeaders(original.requestHeaders);
  if (mode === 're-signed')
    headers = resigned(headers, target.secret!, String((deps.now ?? nowSeconds)()), original.requestBody);
  const note =
    mode === 'as-sent'
      ? `replay of #${original.id} as sent (original timestamp and signature)`
      : `replay of #${original.id}, re-signed with a fresh timestamp`;
  const manager = deps.platform.manager;
  const result = await manager.send(
    target,
    {
      kind: 'recorded',
      method: original.method,
      headers,
      body: original.requestBody,
      requestType: original.requestType ?? null,
      tool: original.tool ?? null,
      requestId: original.requestId ?? null,
      traceId: original.traceId ?? null,
      notes: [note],
    },
    { maxAttempts: 1 },
  );
  return committedExchange(deps, await manager.committedIds(result));
}

/**
 * Outgoing exchanges go where they went, under today's SSRF mode and with the secret the engine
 * knows for them. Incoming ones hold only the path a local connector received, so they go to that
 * connector's current address (its port may differ since).
 */
function replayTarget(deps: CallDeps, e: Exchange): CallTarget {
  const absolute = /^https?:\/\//i.test(e.url);
  const known = knownTarget(deps, e);
  if (!absolute) {
    if (!known?.localConnectorId || !known.url)
      throw new ReplayError(
        'not_running',
        'the local connector that received this request is not running: start it, then replay again',
      );
    return { ...known, url: new URL(e.url, known.url).toString() };
  }
  if (known) return { ...known, url: e.url };
  return {
    connectionId: null,
    localConnectorId: null,
    url: e.url,
    secret: null,
    timeoutMs: AD_HOC_TIMEOUT_MS,
    tenantId: deps.platform.organization().id,
    workspaceId: null,
    ssrfMode: deps.platform.ssrfMode,
    receiver: null,
  };
}

/** The connection or local connector the exchange belongs to, when it still exists. */
function knownTarget(deps: CallDeps, e: Exchange): ResolvedTarget | null {
  if (e.connectionId) {
    try {
      return resolveCallTarget(deps, { kind: 'connection', id: e.connectionId });
    } catch {
      return null; // Deleted, or without a webhook_url since: sent as a typed URL would be.
    }
  }
  if (!e.localConnectorId) return null;
  let definition;
  try {
    definition = deps.host.get(e.localConnectorId).definition;
  } catch {
    return null;
  }
  let url: string | null = null;
  try {
    url = deps.host.status(e.localConnectorId).url;
  } catch {
    // Not running: an absolute URL still goes where it went; a path cannot.
  }
  const receiver = {
    toleranceSeconds: definition.maxTimestampSkewSeconds,
    protocolVersion: definition.protocolVersion,
  };
  return {
    connectionId: null,
    localConnectorId: e.localConnectorId,
    url: url ?? '',
    secret: definition.signingSecret,
    timeoutMs: AD_HOC_TIMEOUT_MS,
    tenantId: deps.platform.organization().id,
    workspaceId: null,
    ssrfMode: 'dev',
    ...receiver,
    receiver,
  };
}
