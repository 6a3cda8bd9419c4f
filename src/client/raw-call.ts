// One HTTP exchange with a connector, exactly as given: undici with a pooled agent, no redirects
// followed, a whole-exchange timeout, a cap on the answer size, and timing phases measured.

import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, buildConnector } from 'undici';
import type { Dispatcher } from 'undici';
import { PLATFORM_TIMEOUT_MS } from '../protocol/index.ts';

export interface RawRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface CallTiming {
  /** Time spent opening the connection; null when a kept-alive connection was reused. */
  connectMs: number | null;
  /** Time until the answer's status line and headers arrived. */
  firstByteMs: number | null;
  totalMs: number;
  reusedConnection: boolean;
}

export type CallErrorCode =
  | 'timeout'
  | 'connect_error'
  | 'connection_reset'
  | 'response_too_large'
  | 'redirect_refused'
  | 'aborted'
  | 'network_error';

export interface CallError {
  code: CallErrorCode;
  message: string;
}

export interface CallResult {
  request: RawRequest;
  /** Present for any HTTP answer, also when it was cut (response_too_large) or a redirect. */
  response: RawResponse | null;
  /** Null when an HTTP answer arrived normally, whatever its status. */
  error: CallError | null;
  timing: CallTiming;
  startedAt: number;
}

export interface RawCallOptions {
  timeoutMs?: number;
  maxResponseBytes?: number;
  signal?: AbortSignal;
  /**
   * Connect to this IP address instead of resolving the URL's host again (the SSRF policy's
   * pinned address: a name cannot be re-pointed inward between the check and the connect).
   * The Host header and TLS server name stay the URL's.
   */
  pinnedAddress?: string;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

// The connect phase is attributed to the call that caused it through async context, so a pooled
// agent (needed for honest latency numbers) still reports when a call paid for a new connection.
const connectTiming = new AsyncLocalStorage<{ connectMs: number | null }>();

function timedAgent(connectorOptions: buildConnector.BuildOptions): Agent {
  const connect = buildConnector(connectorOptions);
  return new Agent({
    keepAliveTimeout: 4_000,
    connect: (options, callback) => {
      const slot = connectTiming.getStore();
      const started = performance.now();
      connect(options, (err, socket) => {
        if (slot && !err) slot.connectMs = performance.now() - started;
        // buildConnector's callback types are a union the agent accepts as is.
        (callback as (e: Error | null, s: unknown) => void)(err, socket);
      });
    },
  });
}

const agent = timedAgent({});
// One agent per pinned address: its lookup answers that address, whatever the name resolves to now.
const pinnedAgents = new Map<string, Agent>();
const PINNED_AGENTS_LIMIT = 64;

type LookupCallback = (
  err: Error | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

function agentFor(pinnedAddress: string | undefined): Agent {
  if (!pinnedAddress) return agent;
  let pinned = pinnedAgents.get(pinnedAddress);
  if (!pinned) {
    const family = isIP(pinnedAddress);
    if (family === 0) throw new TypeError(`pinnedAddress ${pinnedAddress} is not an IP address`);
    const lookup = (_host: string, options: { all?: boolean }, callback: LookupCallback) =>
      options?.all
        ? callback(null, [{ address: pinnedAddress, family }])
        : callback(null, pinnedAddress, family);
    if (pinnedAgents.size >= PINNED_AGENTS_LIMIT) {
      const [oldest, old] = pinnedAgents.entries().next().value!;
      pinnedAgents.delete(oldest);
      void old.close();
    }
    pinned = timedAgent({ lookup } as buildConnector.BuildOptions);
    pinnedAgents.set(pinnedAddress, pinned);
  }
  return pinned;
}

export function rawCall(req: RawRequest, options: RawCallOptions = {}): Promise<CallResult> {
  const slot = { connectMs: null as number | null };
  return connectTiming.run(slot, () => exchange(req, options, slot));
}

/** Where a URL is sent, parsed once per URL: a platform calls the same few connectors again and again. */
const targets = new Map<string, { origin: string; path: string }>();
function targetOf(url: string): { origin: string; path: string } {
  let t = targets.get(url);
  if (!t) {
    const u = new URL(url);
    t = { origin: u.origin, path: `${u.pathname}${u.search}` };
    if (targets.size >= 1000) targets.clear();
    targets.set(url, t);
  }
  return t;
}

/**
 * undici's dispatch API, not request(): request() wraps every answer in a Readable stream and an
 * abort-signal listener, which cost a fifth of a local call (bench/invoke-overhead.ts). Here the
 * answer's chunks come straight to a handler, and one timer and the caller's signal end the exchange.
 */
function exchange(
  req: RawRequest,
  options: RawCallOptions,
  slot: { connectMs: number | null },
): Promise<CallResult> {
  const timeoutMs = options.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const user = options.signal;
  const startedAt = Date.now();
  const t0 = performance.now();
  return new Promise<CallResult>((resolve) => {
    let controller: Dispatcher.DispatchController | null = null;
    // Why the exchange ended early; a controller that arrives later is aborted with it at once.
    let stop: Error | null = null;
    let firstByteMs: number | null = null;
    let response: RawResponse | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;

    const finish = (error: CallError | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      user?.removeEventListener('abort', onUserAbort);
      if (response) response.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      resolve({
        request: req,
        response,
        error,
        timing: {
          connectMs: slot.connectMs,
          firstByteMs,
          totalMs: performance.now() - t0,
          reusedConnection: slot.connectMs === null,
        },
        startedAt,
      });
    };
    const when = () => (response ? 'while reading the answer' : 'before an answer arrived');
    const end = (reason: Error, error: CallError) => {
      stop = reason;
      finish(error);
      controller?.abort(reason);
    };
    const timer = setTimeout(
      () =>
        end(new Error('timeout'), {
          code: 'timeout',
          message: `no complete answer within ${timeoutMs} ms (${when()})`,
        }),
      timeoutMs,
    );
    const onUserAbort = () =>
      end(new Error('aborted'), { code: 'aborted', message: 'the call was cancelled' });
    if (user?.aborted) return onUserAbort();
    user?.addEventListener('abort', onUserAbort, { once: true });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (stop) c.abort(stop);
      },
      onResponseStart(_c, statusCode, headers) {
        firstByteMs = performance.now() - t0;
        response = { status: statusCode, headers: headerPairs(headers), body: EMPTY };
      },
      onResponseData(c, chunk) {
        if (done) return;
        if (size + chunk.length > maxBytes) {
          chunks.push(chunk.subarray(0, maxBytes - size));
          size = maxBytes;
          return end(new Error('cut'), {
            code: 'response_too_large',
            message: `the answer exceeded ${maxBytes} bytes and was cut off`,
          });
        }
        chunks.push(chunk);
        size += chunk.length;
      },
      onResponseEnd() {
        const status = response?.status ?? 0;
        if (status >= 300 && status < 400) {
          const location = response!.headers.find(([n]) => n === 'location')?.[1];
          return finish({
            code: 'redirect_refused',
            message: `the connector answered ${status}${location ? ` to ${location}` : ''}; redirects are never followed`,
          });
        }
        finish(null);
      },
      onResponseError(_c, error) {
        finish(classify(error, timeoutMs, when()));
      },
    };
    try {
      const { origin, path } = targetOf(req.url);
      agentFor(options.pinnedAddress).dispatch(
        {
          origin,
          path,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers.flat(),
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        handler,
      );
    } catch (error) {
      // Refused before sending: a URL, header value or pinned address that cannot go on the wire.
      finish(classify(error, timeoutMs, when()));
    }
  });
}

const EMPTY = Buffer.alloc(0);

function headerPairs(headers: Record<string, string | string[] | undefined>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) pairs.push([name, v]);
  }
  return pairs;
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EADDRNOTAVAIL',
]);
const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED']);

function classify(err: unknown, timeoutMs: number, when: string): CallError {
  if (hasCode(err, 'UND_ERR_HEADERS_TIMEOUT') || hasCode(err, 'UND_ERR_BODY_TIMEOUT'))
    return { code: 'timeout', message: `no complete answer within ${timeoutMs} ms (${when})` };
  const code = errorCode(err);
  const detail = err instanceof Error ? err.message : String(err);
  if (code && CONNECT_CODES.has(code))
    return { code: 'connect_error', message: `could not connect: ${detail} (${code})` };
  if (code && RESET_CODES.has(code))
    return { code: 'connection_reset', message: `the connection was closed ${when}: ${detail}` };
  return { code: 'network_error', message: `${detail}${code ? ` (${code})` : ''}` };
}

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  // undici wraps the socket error as `cause`; the first code found names the failure.
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function hasCode(err: unknown, code: string): boolean {
  return errorCode(err) === code;
}
