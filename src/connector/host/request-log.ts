// The request log of the host: every request a local connector receives, with its raw bytes, the
// verification verdict and full `explain` diagnosis, the answer and the duration, in History.

import { HEADER_TRACE_ID, explain, safeText } from '../../protocol/index.ts';
import type { Diagnosis, SafeText } from '../../protocol/index.ts';
import { exchangeDiagnosis } from '../../client/index.ts';
import type { ExchangeInput, History } from '../../store/history.ts';
import { envelopeOf } from '../../store/claimed-envelope.ts';
import type { RunSampler } from '../../store/run-sample.ts';
import { acceptedSecrets } from './definition.ts';
import type { ConnectorDefinition } from './definition.ts';
import type { ScriptLog } from './script-runner.ts';
import type { ServedExchange } from './server.ts';

/** What listeners of `host.on('request')` receive: enough to draw a log row and its detail. */
export interface HostRequestEvent {
  /** Id of the History entry holding the full bytes; null when History keeps only a sample of its run. */
  exchangeId: number | null;
  connectorId: string;
  connectorName: string;
  method: string;
  path: string;
  /** HTTP status answered; null when the connection was closed without one. */
  status: number | null;
  /** `ok`, the error code answered (`invalid_signature`, `tool_error`...), `http_<status>`, `connection_closed` or `client_aborted`. */
  verdict: string;
  requestType: string | null;
  tool: string | null;
  requestId: string | null;
  traceId: string | null;
  /** Null for requests that never reached verification (404, 413). */
  verification: { valid: boolean; failedCheck: string | null; summary: string } | null;
  diagnosis: Diagnosis | null;
  /** Detail of the error answered, for the log only (never sent on the wire). */
  message: string | null;
  /** Transport fault applied (`http 429 (Retry-After 3 s)`, `close`, `slow 100 B/s`), or null. */
  fault: string | null;
  /** Behaviours that ran, outermost first. */
  steps: string[];
  scriptLogs: ScriptLog[];
  requestHeaders: Array<[string, string]>;
  requestBody: SafeText;
  responseHeaders: Array<[string, string]> | null;
  responseBody: SafeText | null;
  aborted: boolean;
  durationMs: number;
  startedAt: number;
}

export interface LogContext {
  connectorId: string;
  definition: ConnectorDefinition;
  /** Picks which requests of a labelled run (a load run's trace id) History keeps; all without it. */
  sampler?: RunSampler;
}

export function verdictOf(e: ServedExchange): string {
  if (e.fault === 'close') return 'connection_closed';
  if (e.aborted) return 'client_aborted';
  if (e.fault?.startsWith('http ') && e.response) return `http_${e.response.status}`;
  return e.outcome?.code ?? 'ok';
}

/** Records the exchange in History and returns the live event for it. */
export function logExchange(history: History, ctx: LogContext, e: ServedExchange): HostRequestEvent {
  const def = ctx.definition;
  // The diagnosis explains the verdict the connector reached, so it uses the connector's own
  // secret, window and version. Only requests the SDK verified carry a verification: the 404s of
  // other paths and the 413s have nothing to explain.
  const diagnosis = e.outcome?.verification
    ? explain(e.body, e.headers, acceptedSecrets(def), {
        // The arrival time, not now: a delayed or slow answer must not age the request in the log.
        now: e.arrivedAtSeconds,
        toleranceSeconds: def.maxTimestampSkewSeconds,
        protocolVersion: def.protocolVersion,
      })
    : null;
  const traceId = e.headers.find(([n]) => n.toLowerCase() === HEADER_TRACE_ID)?.[1] ?? null;
  const verdict = verdictOf(e);
  const o = e.outcome;
  // A request refused before its envelope was read (a bad signature) still names its type and
  // request_id: it shows as what it was and pairs with the caller's record of it.
  const claimed = o?.requestId ? null : envelopeOf(e.body);
  const input: ExchangeInput = {
    direction: 'incoming',
    localConnectorId: ctx.connectorId,
    requestType: o?.requestType ?? claimed?.requestType ?? null,
    tool: o?.tool ?? claimed?.tool ?? null,
    requestId: o?.requestId ?? claimed?.requestId ?? null,
    traceId,
    method: e.method,
    url: e.target,
    requestHeaders: e.headers,
    requestBody: e.body,
    responseStatus: e.response?.status ?? null,
    responseHeaders: e.response?.headers ?? null,
    responseBody: e.response?.body ?? null,
    verdict,
    errorMessage: o?.message ?? null,
    // The one stored shape of both directions (src/client/diagnosis.ts).
    diagnosis: diagnosis ? exchangeDiagnosis({ signature: diagnosis }) : null,
    timing: { totalMs: e.durationMs },
    faults: { applied: e.fault, steps: e.state.steps, scriptLogs: e.state.scriptLogs, aborted: e.aborted },
    startedAt: e.startedAt,
  };
  const exchangeId = !ctx.sampler || ctx.sampler.keep(traceId, verdict) ? history.record(input) : null;
  return {
    exchangeId,
    connectorId: ctx.connectorId,
    connectorName: def.name,
    method: e.method,
    path: e.target,
    status: e.response?.status ?? null,
    verdict,
    requestType: input.requestType ?? null,
    tool: input.tool ?? null,
    requestId: input.requestId ?? null,
    traceId,
    verification: diagnosis
      ? {
          valid: diagnosis.verdict === 'valid',
          failedCheck: diagnosis.failedCheck,
          summary: diagnosis.summary,
        }
      : null,
    diagnosis,
    message: o?.message ?? null,
    fault: e.fault,
    steps: e.state.steps,
    scriptLogs: e.state.scriptLogs,
    requestHeaders: e.headers,
    requestBody: safeText(e.body),
    responseHeaders: e.response?.headers ?? null,
    responseBody: e.response ? safeText(e.response.body) : null,
    aborted: e.aborted,
    durationMs: e.durationMs,
    startedAt: e.startedAt,
  };
}
