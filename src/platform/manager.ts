// The connector manager (decisions.md 3): every platform call to a connector, with its timeout,
// retry policy, tenancy and trace headers, and one History record per attempt.

import { randomUUID } from 'node:crypto';
import {
  HEADER_TENANT_ID,
  HEADER_TRACE_ID,
  HEADER_WORKSPACE_ID,
  PLATFORM_TIMEOUT_MS,
} from '../protocol/index.ts';
import type { ConnectorRequest, JsonObject, RequestType } from '../protocol/index.ts';
import type { Db } from '../store/database.ts';
import type { History } from '../store/history.ts';
import { HistoryWriter } from './history-writer.ts';
import { buildRequest, signedCall } from '../client/index.ts';
import { exchangeOfCall } from './exchange-record.ts';
import type { Faults, SignedCallResult } from '../client/index.ts';
import { judgeAnswer, retryAfterMs } from './answers.ts';
import type { AnswerVerdict } from './answers.ts';
import { checkUrl, defaultResolver } from './ssrf.ts';
import type { Resolver, SsrfMode, UrlCheck } from './ssrf.ts';

export const DEFAULT_CONNECTOR_TIMEOUT_MS = PLATFORM_TIMEOUT_MS;
const MAX_ATTEMPTS = 3;
const NETWORK_CODES = new Set(['connect_error', 'connection_reset', 'network_error']);

/** Everything the manager needs to call one connection; the registry builds it. */
export interface ConnectionTarget {
  connectionId: string;
  url: string;
  secret: string;
  timeoutMs: number;
  tenantId: string;
  workspaceId: string | null;
  ssrfMode: SsrfMode;
}

export interface ManagerCallOptions {
  traceId?: string;
  faults?: Faults;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface AttemptSummary {
  attempt: number;
  code: string;
  message: string;
  status: number | null;
  durationMs: number;
}

export interface ManagerResult {
  ok: boolean;
  /** `ok` or the error code of the last attempt. */
  code: string;
  message: string;
  status: number | null;
  json: unknown;
  request: ConnectorRequest;
  requestId: string;
  traceId: string;
  attempts: AttemptSummary[];
  /** History ids of every attempt, oldest first, once committed (write-behind: see HistoryWriter). */
  recorded: Promise<number[]>;
  /** The last attempt as sent and received; null when no request left (unsafe_url). */
  last: SignedCallResult | null;
  /** Whole operation, retries and waits included. */
  durationMs: number;
}

export interface ManagerOptions {
  history: History;
  /** The History's database, so queued records commit in one transaction. */
  db?: Db;
  /** Waits between attempts; injectable so tests do not sleep. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Unix seconds used to sign; defaults to the real clock. */
  clock?: () => number;
  resolver?: Resolver;
  backoffMs?: [number, number];
  retryAfterCapMs?: number;
}

export interface InvokeFields {
  conversationId?: string;
  channel?: string;
  identity?: JsonObject;
  requestId?: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ConnectorManager {
  private readonly writer: HistoryWriter;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly clock: (() => number) | undefined;
  private readonly resolver: Resolver;
  private readonly backoffMs: [number, number];
  private readonly retryAfterCapMs: number;

  constructor(options: ManagerOptions) {
    this.writer = new HistoryWriter(options.history, options.db ?? null);
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.clock = options.clock;
    this.resolver = options.resolver ?? defaultResolver;
    this.backoffMs = options.backoffMs ?? [500, 1000];
    this.retryAfterCapMs = options.retryAfterCapMs ?? 10_000;
  }

  ping(target: ConnectionTarget, options?: ManagerCallOptions): Promise<ManagerResult> {
    return this.call(target, this.request('ping', target), options);
  }

  listCapabilities(target: ConnectionTarget, options?: ManagerCallOptions): Promise<ManagerResult> {
    return this.call(target, this.request('capabilities.list', target), options);
  }

  listTools(target: ConnectionTarget, options?: ManagerCallOptions): Promise<ManagerResult> {
    return this.call(target, this.request('tools.list', target), options);
  }

  invoke(
    target: ConnectionTarget,
    tool: string,
    parameters: JsonObject,
    options: ManagerCallOptions & InvokeFields = {},
  ): Promise<ManagerResult> {
    const request = buildRequest('tool.invoke', {
      organization_id: target.tenantId,
      tool,
      parameters,
      ...(options.requestId ? { request_id: options.requestId } : {}),
      ...(options.conversationId ? { conversation_id: options.conversationId } : {}),
      ...(options.channel ? { channel: options.channel } : {}),
      ...(options.identity ? { identity: options.identity } : {}),
    });
    return this.call(target, request, options);
  }

  private request(type: RequestType, target: ConnectionTarget): ConnectorRequest {
    return buildRequest(type, { organization_id: target.tenantId });
  }

  /** Sends one request with the retry policy of its type; the body bytes never change between attempts. */
  async call(
    target: ConnectionTarget,
    request: ConnectorRequest,
    options: ManagerCallOptions = {},
  ): Promise<ManagerResult> {
    const started = performance.now();
    const traceId = options.traceId ?? randomUUID();
    const body = JSON.stringify(request);
    const headers: Record<string, string> = {
      [HEADER_TRACE_ID]: traceId,
      [HEADER_TENANT_ID]: target.tenantId,
    };
    if (target.workspaceId) headers[HEADER_WORKSPACE_ID] = target.workspaceId;
    const attempts: AttemptSummary[] = [];
    const writes: Array<Promise<number>> = [];
    const base = { request, requestId: request.request_id, traceId };

    // Strict mode re-resolves before every call, so a name that now points inward is refused, and
    // connects to the address it just checked, so the name cannot be re-pointed before the connect.
    let pinnedAddress: string | undefined;
    if (target.ssrfMode === 'strict') {
      const check = await checkUrl(target.url, 'strict', this.resolver);
      if (!check.allowed) {
        const refusal = this.strictRefusal(target, request, body, headers, traceId, check);
        return { ...base, ...refusal, durationMs: performance.now() - started };
      }
      pinnedAddress = check.pinned;
    }

    let last: SignedCallResult | null = null;
    let verdict: AnswerVerdict = { code: 'network_error', message: 'not sent', status: null };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      last = await signedCall({
        url: target.url,
        secret: target.secret,
        body,
        headers,
        faults: options.faults,
        timeoutMs: options.timeoutMs ?? target.timeoutMs,
        signal: options.signal,
        pinnedAddress,
        ...(this.clock ? { now: this.clock } : {}),
      });
      verdict = judgeAnswer(request.type, last);
      writes.push(this.record(target, request, traceId, last, verdict, attempt));
      attempts.push({
        attempt,
        code: verdict.code,
        message: verdict.message,
        status: verdict.status,
        durationMs: last.timing.totalMs,
      });
      if (verdict.code === 'ok' || attempt === MAX_ATTEMPTS || !this.retryable(request.type, verdict)) break;
      await this.sleep(this.delayMs(attempt, last));
    }
    return {
      ...base,
      ok: verdict.code === 'ok',
      code: verdict.code,
      message: verdict.message,
      status: verdict.status,
      json: last?.json,
      attempts,
      recorded: settle(writes),
      last,
      durationMs: performance.now() - started,
    };
  }

  /** tool.invoke may have had effects once it reached the connector, so only a failed connect is retried. */
  private retryable(type: RequestType, verdict: AnswerVerdict): boolean {
    if (type === 'tool.invoke') return verdict.code === 'connect_error';
    if (NETWORK_CODES.has(verdict.code)) return true;
    return (
      verdict.status !== null &&
      (verdict.status >= 500 || verdict.status === 429) &&
      verdict.code !== 'response_too_large'
    );
  }

  private delayMs(attempt: number, last: SignedCallResult): number {
    const retryAfter = retryAfterMs(last, Date.now());
    if (retryAfter !== null) return Math.min(retryAfter, this.retryAfterCapMs);
    const base = this.backoffMs[Math.min(attempt - 1, this.backoffMs.length - 1)];
    return Math.round(base * (0.8 + 0.4 * this.random()));
  }

  /** Records and answers a call the strict SSRF policy refused before anything was sent. */
  private strictRefusal(
    target: ConnectionTarget,
    request: ConnectorRequest,
    body: string,
    headers: Record<string, string>,
    traceId: string,
    check: UrlCheck,
  ): Omit<ManagerResult, 'request' | 'requestId' | 'traceId' | 'durationMs'> {
    const message = `the SSRF policy (strict) refuses ${target.url}: ${check.reasons.join('; ')}`;
    const write = this.writer.write({
      direction: 'outgoing',
      connectionId: target.connectionId,
      requestType: request.type,
      tool: request.type === 'tool.invoke' ? request.tool : null,
      requestId: request.request_id,
      traceId,
      method: 'POST',
      url: target.url,
      requestHeaders: Object.entries(headers),
      requestBody: Buffer.from(body),
      verdict: 'unsafe_url',
      errorMessage: message,
      diagnosis: { ssrf: check },
      startedAt: Date.now(),
    });
    const attempt = { attempt: 1, code: 'unsafe_url', message, status: null, durationMs: 0 };
    return {
      ok: false,
      code: 'unsafe_url',
      message,
      status: null,
      json: undefined,
      attempts: [attempt],
      recorded: settle([write]),
      last: null,
    };
  }

  private record(
    target: ConnectionTarget,
    request: ConnectorRequest,
    traceId: string,
    result: SignedCallResult,
    verdict: AnswerVerdict,
    attempt: number,
  ): Promise<number> {
    return this.writer.write(
      exchangeOfCall(result, {
        connectionId: target.connectionId,
        requestType: request.type,
        tool: request.type === 'tool.invoke' ? request.tool : null,
        requestId: request.request_id,
        traceId,
        verdict,
        diagnosis: diagnose(verdict, result),
        attempt,
        faults: result.signing.faults,
      }),
    );
  }

  /** Sends queued History records now instead of at the end of the batching window. */
  flushHistory(): void {
    this.writer.flush();
  }

  /** The History ids of a call's attempts, committed now rather than at the end of the batching window. */
  committedIds(result: ManagerResult): Promise<number[]> {
    this.writer.flush();
    return result.recorded;
  }

  /** Resolves once every attempt recorded so far is committed to History. */
  drainHistory(): Promise<void> {
    return this.writer.drain();
  }

  /** Commits what is queued and stops the History worker; call before closing the database. */
  close(): Promise<void> {
    return this.writer.close();
  }
}

function settle(writes: Array<Promise<number>>): Promise<number[]> {
  const all = Promise.all(writes);
  // Nobody has to await the records: a failed write must not become an unhandled rejection.
  all.catch(() => {});
  return all;
}

/** A hint for the failures whose cause is usually on one side of the wire. */
function diagnose(verdict: AnswerVerdict, result: SignedCallResult): unknown {
  const signing = {
    timestamp: result.signing.timestamp,
    secret_fingerprint: result.signing.secretFingerprint,
  };
  switch (verdict.code) {
    case 'ok':
      return null;
    case 'invalid_signature':
      return {
        ...signing,
        hint: `the connector refused the signature: check that it runs with the secret whose fingerprint is ${result.signing.secretFingerprint} and that its clock is within its skew window`,
      };
    case 'unsupported_protocol_version':
      return { hint: 'the connector speaks another protocol version; both sides must use "1"' };
    case 'timeout':
      return {
        hint: 'the connector did not answer within the connection timeout; a slow handler or a hung server',
      };
    case 'connect_error':
      return { hint: 'nothing accepted the connection: is the connector running, on this host and port?' };
    case 'redirect_refused':
      return { hint: 'point webhook_url at the final address; the platform never follows redirects' };
    default:
      return null;
  }
}
