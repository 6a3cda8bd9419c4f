// The connector manager (decisions.md 3): every platform call to a connector, with its timeout,
// retry policy, tenancy and trace headers, and one History record per attempt.

import { randomUUID } from 'node:crypto';
import {
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  PLATFORM_TIMEOUT_MS,
  explain,
  fingerprint,
} from '../protocol/index.ts';
import type { ConnectorRequest, JsonObject, RequestType } from '../protocol/index.ts';
import type { Db } from '../store/database.ts';
import type { History } from '../store/history.ts';
import { HistoryWriter } from './history-writer.ts';
import type { HistoryTicket } from './history-writer.ts';
import { buildRequest, exchangeDiagnosis, parseJson, rawCall, signedCall } from '../client/index.ts';
import type { SignedCallResult } from '../client/index.ts';
import { exchangeOfCall } from './exchange-record.ts';
import { hintFor, judgeExchange, retryAfterMs } from './answers.ts';
import type { AnswerVerdict } from './answers.ts';
import { checkUrl, defaultResolver } from './ssrf.ts';
import type { Resolver, UrlCheck } from './ssrf.ts';
import { describe } from './outgoing.ts';
import type {
  CallTarget,
  ConnectionTarget,
  Described,
  ManagerCallOptions,
  Outgoing,
  SendOptions,
} from './outgoing.ts';

export type { CallTarget, ConnectionTarget, ManagerCallOptions, Outgoing, SendOptions } from './outgoing.ts';

export const DEFAULT_CONNECTOR_TIMEOUT_MS = PLATFORM_TIMEOUT_MS;
const MAX_ATTEMPTS = 3;
const NETWORK_CODES = new Set(['connect_error', 'connection_reset', 'network_error']);

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
  /** The protocol request built; null when recorded bytes were sent again (replay). */
  request: ConnectorRequest | null;
  requestId: string;
  traceId: string;
  attempts: AttemptSummary[];
  /**
   * History ids of every attempt, oldest first, once committed (write-behind: see HistoryWriter).
   * A function: the promise is made only for a caller that waits for the commit.
   */
  recorded: () => Promise<number[]>;
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
  call(target: CallTarget, request: ConnectorRequest, options: SendOptions = {}): Promise<ManagerResult> {
    return this.send(target, { kind: 'signed', request }, options);
  }

  /**
   * THE signed call to a connector: every caller (Test Connection, Sync Tools, tool test, console,
   * History replay) comes here, so headers, faults, SSRF pinning, timeouts, retries, the History
   * record and its diagnosis are decided in one place.
   */
  async send(target: CallTarget, outgoing: Outgoing, options: SendOptions = {}): Promise<ManagerResult> {
    const started = performance.now();
    const message = describe(target, outgoing, options.traceId ?? randomUUID());
    const { request, traceId } = message;
    const attempts: AttemptSummary[] = [];
    const writes: HistoryTicket[] = [];
    const base = { request, requestId: message.requestId ?? '', traceId };

    // Strict mode re-resolves before every call, so a name that now points inward is refused, and
    // connects to the address it just checked, so the name cannot be re-pointed before the connect.
    let pinnedAddress: string | undefined;
    if (target.ssrfMode === 'strict') {
      const check = await checkUrl(target.url, 'strict', this.resolver);
      if (!check.allowed) {
        const refusal = this.strictRefusal(target, message, check);
        return { ...base, ...refusal, durationMs: performance.now() - started };
      }
      pinnedAddress = check.pinned;
    }

    const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    let last: SignedCallResult | null = null;
    let verdict: AnswerVerdict = { code: 'network_error', message: 'not sent', status: null };
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      last = await this.deliver(target, message, options, pinnedAddress);
      verdict = judgeExchange(message.requestType, last);
      if (last.original) {
        // A replay fault delivers twice: the first delivery is its own History row, judged on its
        // own parsed answer (without one, a JSON answer would read as invalid_response).
        const first = { ...last, ...last.original, json: parseJson(last.original) };
        writes.push(
          this.record(target, message, first, judgeExchange(message.requestType, first), attempt++),
        );
      }
      writes.push(this.record(target, message, last, verdict, attempt));
      attempts.push({
        attempt,
        code: verdict.code,
        message: verdict.message,
        status: verdict.status,
        durationMs: last.timing.totalMs,
      });
      if (verdict.code === 'ok' || attempt >= maxAttempts || !this.retryable(message.requestType, verdict))
        break;
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
      recorded: this.idsOnce(writes),
      last,
      durationMs: performance.now() - started,
    };
  }

  private async deliver(
    target: CallTarget,
    message: Described,
    options: SendOptions,
    pinnedAddress: string | undefined,
  ): Promise<SignedCallResult> {
    const transport = {
      timeoutMs: options.timeoutMs ?? target.timeoutMs,
      signal: options.signal,
      pinnedAddress,
      maxResponseBytes: options.maxResponseBytes,
    };
    if (message.kind === 'signed')
      return signedCall({
        url: target.url,
        secret: target.secret ?? '',
        body: message.body,
        headers: message.headers,
        faults: options.faults,
        ...transport,
        ...(this.clock ? { now: this.clock } : {}),
      });
    const result = await rawCall(
      { method: message.method, url: target.url, headers: message.rawHeaders, body: message.body },
      transport,
    );
    const header = (name: string) => message.rawHeaders.find(([n]) => n.toLowerCase() === name)?.[1] ?? '';
    return {
      ...result,
      json: parseJson(result),
      signing: {
        timestamp: header(HEADER_TIMESTAMP),
        signature: header(HEADER_SIGNATURE),
        canonical: '',
        secretFingerprint: target.secret ? fingerprint(target.secret) : '',
        faults: message.notes,
      },
    };
  }

  /** tool.invoke may have had effects once it reached the connector, so only a failed connect is retried. */
  private retryable(type: string | null, verdict: AnswerVerdict): boolean {
    if (type === 'tool.invoke' || type === null) return verdict.code === 'connect_error';
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
    target: CallTarget,
    m: Described,
    check: UrlCheck,
  ): Omit<ManagerResult, 'request' | 'requestId' | 'traceId' | 'durationMs'> {
    const message = `the SSRF policy (strict) refuses ${target.url}: ${check.reasons.join('; ')}`;
    const write = this.writer.queue({
      direction: 'outgoing',
      connectionId: target.connectionId,
      localConnectorId: target.localConnectorId ?? null,
      requestType: m.requestType,
      tool: m.tool,
      requestId: m.requestId,
      traceId: m.traceId,
      method: m.kind === 'signed' ? 'POST' : m.method,
      url: target.url,
      requestHeaders: m.kind === 'signed' ? Object.entries(m.headers) : m.rawHeaders,
      requestBody: Buffer.from(m.body),
      verdict: 'unsafe_url',
      errorMessage: message,
      diagnosis: exchangeDiagnosis({
        ssrf: { mode: 'strict', reasons: check.reasons, addresses: check.addresses },
      }),
      faults: m.kind === 'recorded' ? m.notes : null,
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
      recorded: this.idsOnce([write]),
      last: null,
    };
  }

  private record(
    target: CallTarget,
    m: Described,
    result: SignedCallResult,
    verdict: AnswerVerdict,
    attempt: number,
  ): HistoryTicket {
    const signed = result.signing.timestamp !== '';
    // Explained as sent, against the secret the receiver really holds (console, replay): a
    // wrong-secret, tampered, skewed or aged request is named by the check it fails.
    const signature =
      target.receiver && target.secret
        ? explain(result.request.body, result.request.headers, [target.secret], {
            now: Math.floor(result.startedAt / 1000),
            toleranceSeconds: target.receiver.toleranceSeconds,
            protocolVersion: target.receiver.protocolVersion,
          })
        : null;
    const diagnosis =
      verdict.code === 'ok' && !signature
        ? null
        : exchangeDiagnosis({
            signature,
            hint:
              verdict.code === 'ok' ? null : hintFor(verdict.code, result.signing.secretFingerprint || null),
            signing:
              signed && result.signing.secretFingerprint
                ? { timestamp: result.signing.timestamp, secretFingerprint: result.signing.secretFingerprint }
                : null,
          });
    return this.writer.queue(
      exchangeOfCall(result, {
        connectionId: target.connectionId,
        localConnectorId: target.localConnectorId ?? null,
        requestType: m.requestType,
        tool: m.tool,
        requestId: m.requestId,
        traceId: m.traceId,
        verdict,
        diagnosis,
        attempt,
        faults: result.signing.faults,
      }),
    );
  }

  /** The ids of these records, as one promise made the first time it is asked for. */
  private idsOnce(tickets: HistoryTicket[]): () => Promise<number[]> {
    let ids: Promise<number[]> | null = null;
    return () => {
      if (!ids) {
        ids = this.writer.ids(tickets);
        // Nobody has to await the records: a failed write must not become an unhandled rejection.
        ids.catch(() => {});
      }
      return ids;
    };
  }

  /** Sends queued History records now instead of at the end of the batching window. */
  flushHistory(): void {
    this.writer.flush();
  }

  /** The History ids of a call's attempts, committed now rather than at the end of the batching window. */
  committedIds(result: ManagerResult): Promise<number[]> {
    this.writer.flush();
    return result.recorded();
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
