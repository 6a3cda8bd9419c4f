// The target lookup of every person-driven call (console, replay, conformance, load): a connection,
// a running local connector or a typed URL becomes the manager's CallTarget, written here once.

import { DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, PROTOCOL_VERSION } from '../protocol/index.ts';
import type { ConnectorHost } from '../connector/host/index.ts';
import type { CallTarget, Platform } from '../platform/index.ts';
import type { History } from '../store/history.ts';
import { httpUrl, idOf, objectInput, oneOf, requiredString } from './input.ts';

/** Default timeout of a call to a local connector or a typed URL (connections carry their own). */
export const AD_HOC_TIMEOUT_MS = 30_000;

/** What the call use-cases need from the engine; the bridge passes its context's parts. */
export interface CallDeps {
  platform: Pick<Platform, 'connections' | 'organization' | 'manager' | 'ssrfMode'>;
  history: History;
  host: Pick<ConnectorHost, 'get' | 'status'>;
  /** Unix seconds for fresh signatures; injectable for tests. */
  now?: () => number;
}

export type TargetRef =
  | { kind: 'connection'; id: string }
  | { kind: 'local'; id: string }
  | { kind: 'url'; url: string; secret: string };

/** A target with the secret, window and version its receiver checks signatures with. */
export interface ResolvedTarget extends CallTarget {
  secret: string;
  toleranceSeconds: number;
  protocolVersion: string;
  receiver: { toleranceSeconds: number; protocolVersion: string };
}

/** A coded refusal of the lookup (snake_case code: every transport shows it as is). */
export class TargetError extends Error {
  readonly code: string;
  readonly details: unknown;
  constructor(code: 'validation_error' | 'not_running', message: string, details?: unknown) {
    super(message);
    this.name = 'TargetError';
    this.code = code;
    this.details = details;
  }
}

const DEFAULT_RECEIVER = {
  toleranceSeconds: DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  protocolVersion: PROTOCOL_VERSION,
};

function resolved(
  target: Omit<ResolvedTarget, 'receiver' | keyof typeof DEFAULT_RECEIVER>,
  receiver = DEFAULT_RECEIVER,
): ResolvedTarget {
  return { ...target, ...receiver, receiver };
}

/** The engine parts the call use-cases need, with the clock a shell injects (tests, re-signed exports). */
export const callDepsOf = (engine: Omit<CallDeps, 'now'>, now?: () => number): CallDeps => ({
  platform: engine.platform,
  history: engine.history,
  host: engine.host,
  now,
});

/** The `{kind, ...}` target of the console, conformance and load forms, checked. */
export function parseTargetRef(raw: unknown): TargetRef {
  const t = objectInput(raw, 'target');
  const kind = oneOf(t, 'kind', ['connection', 'local', 'url'] as const)!;
  if (kind !== 'url') return { kind, id: idOf(t) };
  return {
    kind,
    url: httpUrl(requiredString(t, 'url'), 'target.url'),
    secret: requiredString(t, 'secret', 1024),
  };
}

export function resolveCallTarget(deps: CallDeps, ref: TargetRef): ResolvedTarget {
  const tenantId = deps.platform.organization().id;
  if (ref.kind === 'connection') {
    const view = deps.platform.connections.get(ref.id);
    if (!view.webhook_url)
      throw new TargetError(
        'validation_error',
        `connection "${view.name}" has no webhook_url; set one first`,
        {
          field: 'target',
        },
      );
    // The registry's own target: the same secret, timeout, tenant and SSRF mode Test Connection uses.
    return resolved({ ...deps.platform.connections.target(ref.id), localConnectorId: null });
  }
  if (ref.kind === 'local') {
    const definition = deps.host.get(ref.id).definition;
    const status = deps.host.status(ref.id);
    if (status.state !== 'running' || !status.url)
      throw new TargetError(
        'not_running',
        `local connector "${definition.name}" is not running; start it first`,
      );
    return resolved(
      {
        connectionId: null,
        localConnectorId: ref.id,
        url: status.url,
        secret: definition.signingSecret,
        timeoutMs: AD_HOC_TIMEOUT_MS,
        tenantId,
        workspaceId: null,
        // The testbench's own loopback server: the SSRF policy guards what the platform reaches.
        ssrfMode: 'dev',
      },
      {
        toleranceSeconds: definition.maxTimestampSkewSeconds,
        protocolVersion: definition.protocolVersion,
      },
    );
  }
  return resolved({
    connectionId: null,
    localConnectorId: null,
    url: ref.url,
    secret: ref.secret,
    timeoutMs: AD_HOC_TIMEOUT_MS,
    tenantId,
    workspaceId: null,
    ssrfMode: deps.platform.ssrfMode,
  });
}

/** A `{kind, ...}` target of the console, conformance, load and scenario forms, checked and resolved. */
export const targetOf = (deps: CallDeps, raw: unknown): ResolvedTarget =>
  resolveCallTarget(deps, parseTargetRef(raw));
