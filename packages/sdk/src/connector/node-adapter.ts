// node:http adapter of the connector: reads the body with a hard size limit, passes raw bytes
// and every header value (duplicates kept visible) to the core, and survives hostile clients.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
// The module's own binding: the global `performance` is a lazy accessor, read on every request.
import { performance } from 'node:perf_hooks';
import { errorAnswer } from '../protocol/index.ts';
import type { HeaderBag } from '../protocol/index.ts';
import { isEndpoint, jsonHeaders, notFoundResponse, tooLargeResponse } from './handle.ts';
import type { ResolvedOptions } from './options.ts';
import { bodyAlreadyRead, keptRawBody, rawBodyUnavailableResponse, warnOnce } from './raw-body.ts';
import type { ConnectorResponse, ListeningConnector } from './types.ts';

export interface AdapterInput {
  method: string;
  path: string;
  headers: HeaderBag;
  /** Header lines for exchange events: given as pairs, or as node's flat rawHeaders, or (both null) read from `headers`. */
  pairs: Array<[string, string]> | null;
  rawHeaders: string[] | null;
  body: Buffer;
  startedAt: number;
  t0: number;
}

/** What an adapter needs from the connector: run the core, or record an answer it gave itself. */
export interface AdapterCore {
  options: ResolvedOptions;
  /** A plain value when every step (the tool handler included) answered synchronously. */
  process(input: AdapterInput): ConnectorResponse | Promise<ConnectorResponse>;
  record(input: AdapterInput, response: ConnectorResponse): void;
}

export function rawPairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i], raw[i + 1]]);
  return out;
}

export interface NodeHandlerOptions {
  /**
   * The framework already routed the request here (Express `app.post(path, handler)`): every
   * request reaching the handler is for the endpoint, whatever path it was mounted at.
   */
  routed?: boolean;
  /**
   * The handler is the server's only request listener (listen()): no body parser or framework can
   * have read or be holding the body, so the checks for one are skipped.
   */
  exclusive?: boolean;
}

/** How long a fully received body may stay unread before the handler stops waiting for it. */
const UNREAD_BODY_GRACE_MS = 1000;

interface Unread {
  /** performance.now() when the request reached the handler. */
  since: number;
  /** Answers the request if its body, fully received, still was not delivered. */
  check(): void;
}

/**
 * Requests still waiting for their body, looked at together a few times a grace period by one
 * unref'd timer. A timer per request (set, unref'd, cleared) cost about 0.5 us of a ~38 us ping
 * in a profile of the server; a set entry costs a tenth of that.
 */
class UnreadBodies {
  private readonly waiting = new Set<Unread>();
  private timer: NodeJS.Timeout | null = null;

  watch(entry: Unread): void {
    this.waiting.add(entry);
    if (this.timer === null) {
      this.timer = setInterval(() => this.sweep(), UNREAD_BODY_GRACE_MS / 4);
      this.timer.unref();
    }
  }

  forget(entry: Unread): void {
    this.waiting.delete(entry);
  }

  private sweep(): void {
    const now = performance.now();
    for (const entry of this.waiting)
      if (now - entry.since >= UNREAD_BODY_GRACE_MS) {
        this.waiting.delete(entry);
        entry.check();
      }
    if (this.waiting.size === 0) {
      clearInterval(this.timer!);
      this.timer = null;
    }
  }
}

export function nodeHandler(
  core: AdapterCore,
  handlerOptions: NodeHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const { options } = core;
  const warn = warnOnce();
  // Mounted on a server of its own (not listen()'s): a body parser or framework may hold the body.
  const shared = !handlerOptions.exclusive;
  const unread = new UnreadBodies();
  return (req, res) => {
    // node:http joins repeated copies of the protocol's x-service-* headers with ", " in
    // req.headers, which the protocol reader reports as duplicated; the raw lines (every copy, in
    // their original case) are turned into pairs only when an exchange listener wants them.
    const input: AdapterInput = {
      method: req.method ?? 'GET',
      path: handlerOptions.routed ? options.endpointPath : (req.url ?? '/'),
      headers: req.headers,
      pairs: null,
      rawHeaders: req.rawHeaders,
      body: EMPTY,
      startedAt: Date.now(),
      t0: performance.now(),
    };
    const endpoint = isEndpoint(options, input.method, input.path);

    const kept = shared ? keptRawBody(req) : null;
    if (kept !== null) {
      input.body = kept;
      answer(core, input, res);
      return;
    }
    // Before the body-parser check: a body-parser refusing an oversized body (Express's 413 handed
    // on to this handler) still gets the protocol's payload_too_large, not raw_body_unavailable.
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
      answerEarly(core, input, res, endpoint ? tooLargeResponse(options, declared) : notFoundResponse());
      return;
    }
    if (endpoint && shared && bodyAlreadyRead(req)) {
      const response = rawBodyUnavailableResponse('a body parser read it first');
      warn(response.outcome.message!);
      answerEarly(core, input, res, response);
      return;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    // A body fully received yet never delivered means another reader holds the stream: answer
    // instead of waiting forever. A slow sender is not affected (its request is not complete).
    const watchdog: Unread | null =
      endpoint && shared
        ? {
            since: input.t0,
            check() {
              if (done || size > 0 || !req.complete) return;
              done = true;
              const response = rawBodyUnavailableResponse('another reader holds the request stream');
              warn(response.outcome.message!);
              answerEarly(core, input, res, response);
            },
          }
        : null;
    if (watchdog) unread.watch(watchdog);
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > options.maxBodyBytes) {
        done = true;
        if (watchdog) unread.forget(watchdog);
        req.pause();
        answerEarly(core, input, res, endpoint ? tooLargeResponse(options, size) : notFoundResponse());
        return;
      }
      if (endpoint) chunks.push(chunk);
    });
    req.on('end', () => {
      if (watchdog) unread.forget(watchdog);
      if (done) return;
      done = true;
      input.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      answer(core, input, res);
    });
    // The client went away mid-body (or the request timed out): nobody is left to answer, and the
    // watchdog must not answer for it. Without a watchdog there is nothing to undo ('end' never
    // comes after an error, and node:http does not throw an error nobody listens to), so listen()'s
    // requests skip the listener.
    if (watchdog)
      req.on('error', () => {
        unread.forget(watchdog);
        done = true;
      });
  };
}

/** Runs the core on a complete body; a synchronous answer is written in this tick, without a promise. */
function answer(core: AdapterCore, input: AdapterInput, res: ServerResponse): void {
  let out: ConnectorResponse | Promise<ConnectorResponse>;
  try {
    out = core.process(input);
  } catch {
    send(res, internalError(), true);
    return;
  }
  if (out instanceof Promise)
    out.then(
      (response) => send(res, response, false),
      () => send(res, internalError(), true),
    );
  else send(res, out, false);
}

const EMPTY = Buffer.alloc(0);

/** Records an answer the adapter gave itself and stops reading the request. */
function answerEarly(
  core: AdapterCore,
  input: AdapterInput,
  res: ServerResponse,
  response: ConnectorResponse,
): void {
  core.record(input, response);
  // The rest of an oversized body is never buffered, and the connection closes: node:http ends
  // and destroys the socket once a `connection: close` answer is flushed.
  send(res, response, true);
}

function send(res: ServerResponse, response: ConnectorResponse, close: boolean): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | number> = {
    ...response.headers,
    'content-length': Buffer.byteLength(response.body),
  };
  if (close) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
}

function internalError(): ConnectorResponse {
  const body = errorAnswer('internal_error', 'the connector failed to answer this request');
  return {
    status: 500,
    headers: jsonHeaders(),
    body: JSON.stringify(body),
    outcome: { verification: null, requestType: null, tool: null, requestId: null, code: 'internal_error' },
  };
}

export async function listen(
  core: AdapterCore,
  port = 0,
  host = '127.0.0.1',
): Promise<ListeningConnector & { origin: string; server: Server }> {
  const { options } = core;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);
  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      // Node checks those timeouts on this period (30 s by default), so short timeouts need a short period.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(options.headersTimeoutMs / 4))),
      keepAliveTimeout: 5000,
    },
    // The server is the connector's own: nothing else reads its requests' bodies.
    nodeHandler(core, { exclusive: true }),
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(err, socket, options),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return {
    url: origin + options.endpointPath,
    origin,
    port: actualPort,
    host,
    server,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    // In-flight requests get a second to finish; idle keep-alive sockets would hold close() forever.
    const force = setTimeout(() => server.closeAllConnections(), 1000);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Answers what node:http could not parse or waited too long for, in the protocol's JSON shape. */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket, options: ResolvedOptions): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  let status = 400;
  let reason = 'Bad Request';
  let body = errorAnswer('invalid_request', 'the request is not valid HTTP/1.1');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    reason = 'Request Timeout';
    body = errorAnswer(
      'request_timeout',
      `the request was not received in time (headers ${options.headersTimeoutMs} ms, whole request ${options.requestTimeoutMs} ms)`,
    );
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    reason = 'Request Header Fields Too Large';
    body = errorAnswer('invalid_request', 'the request headers are too large');
  }
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}
