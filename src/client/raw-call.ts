// One HTTP exchange with a connector, exactly as given: undici with a pooled agent, no redirects
// followed, a whole-exchange timeout, a cap on the answer size, and timing phases measured.

import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, buildConnector, request } from 'undici';
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
  return connectTiming.run({ connectMs: null }, () => exchange(req, options));
}

async function exchange(req: RawRequest, options: RawCallOptions): Promise<CallResult> {
  const timeoutMs = options.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  // One controller and one plain timer for the whole exchange: AbortSignal.timeout and
  // AbortSignal.any cost more than the rest of this function on a local call (bench/invoke-overhead.ts).
  const controller = new AbortController();
  const user = options.signal;
  const deadline = { passed: false };
  const timer = setTimeout(() => {
    deadline.passed = true;
    controller.abort();
  }, timeoutMs);
  const onUserAbort = () => controller.abort();
  if (user?.aborted) controller.abort();
  else user?.addEventListener('abort', onUserAbort, { once: true });
  const startedAt = Date.now();
  const t0 = performance.now();
  const slot = connectTiming.getStore()!;
  let firstByteMs: number | null = null;
  let response: RawResponse | null = null;
  let error: CallError | null = null;

  try {
    const res = await request(req.url, {
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers.flat(),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
      dispatcher: agentFor(options.pinnedAddress),
      signal: controller.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    firstByteMs = performance.now() - t0;
    const read = await readBody(res.body, maxBytes);
    if (read.cut)
      error = {
        code: 'response_too_large',
        message: `the answer exceeded ${maxBytes} bytes and was cut off`,
      };
    else if (read.error)
      error = classify(read.error, deadline.passed, user, timeoutMs, 'while reading the answer');
    response = { status: res.statusCode, headers: headerPairs(res.headers), body: read.body };
    if (!error && res.statusCode >= 300 && res.statusCode < 400) {
      const location = response.headers.find(([n]) => n === 'location')?.[1];
      error = {
        code: 'redirect_refused',
        message: `the connector answered ${res.statusCode}${location ? ` to ${location}` : ''}; redirects are never followed`,
      };
    }
  } catch (requestError) {
    error = classify(requestError, deadline.passed, user, timeoutMs, 'before an answer arrived');
  } finally {
    clearTimeout(timer);
    user?.removeEventListener('abort', onUserAbort);
  }
  return {
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
  };
}

/**
 * The answer's bytes up to `maxBytes` (then `cut`, the rest unread), or what arrived before the
 * stream failed. Listeners rather than `for await`: the async iterator cost a tenth of a local call.
 */
function readBody(
  body: NodeJS.ReadableStream & { destroy(): void },
  maxBytes: number,
): Promise<{ body: Buffer; cut: boolean; error: unknown }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (cut: boolean, error: unknown) => {
      if (done) return;
      done = true;
      body.removeListener('data', onData);
      resolve({ body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), cut, error });
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        finish(true, null);
        body.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    body.on('data', onData);
    body.once('end', () => finish(false, null));
    body.once('error', (error) => finish(false, error));
  });
}

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

function classify(
  err: unknown,
  deadlinePassed: boolean,
  user: AbortSignal | undefined,
  timeoutMs: number,
  when: string,
): CallError {
  if (deadlinePassed || hasCode(err, 'UND_ERR_HEADERS_TIMEOUT') || hasCode(err, 'UND_ERR_BODY_TIMEOUT'))
    return { code: 'timeout', message: `no complete answer within ${timeoutMs} ms (${when})` };
  if (user?.aborted) return { code: 'aborted', message: 'the call was cancelled' };
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
