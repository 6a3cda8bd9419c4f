// The host's node:http server for one running connector: reads the raw body with a size cap, runs
// the SDK's transport-free handle() and then applies what the tool's behaviour asked of the wire.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectorOutcome, ConnectorRequest, ConnectorResponse } from '../index.ts';
import { callStore, describeSlow, newCallState } from './behaviours.ts';
import type { CallState, SlowSend, TransportFault } from './behaviours.ts';
import { HostError } from './errors.ts';

export interface ServerTarget {
  handle(req: ConnectorRequest): Promise<ConnectorResponse>;
  maxBodyBytes: number;
  /** The connector's clock, unix seconds. */
  now(): number;
}

export interface ServedExchange {
  method: string;
  /** Request target as received (path and query). */
  target: string;
  headers: Array<[string, string]>;
  body: Buffer;
  /** What was sent; null when the connection was closed without an answer. */
  response: { status: number; headers: Array<[string, string]>; body: Buffer } | null;
  outcome: ConnectorOutcome | null;
  state: CallState;
  /** The transport fault applied, in words (`http 429 (Retry-After 3 s)`, `close`...), or null. */
  fault: string | null;
  /** The client left before the answer was complete. */
  aborted: boolean;
  startedAt: number;
  /** The connector's clock when the request arrived: what verification used, what the log explains with. */
  arrivedAtSeconds: number;
  durationMs: number;
}

export class ConnectorServer {
  private readonly server: Server;
  private readonly target: () => ServerTarget;
  private readonly onExchange: (e: ServedExchange, target: ServerTarget) => void;

  /** `target` is read per request, so a reload swaps the connector under a listening socket. */
  constructor(target: () => ServerTarget, onExchange: (e: ServedExchange, target: ServerTarget) => void) {
    this.target = target;
    this.onExchange = onExchange;
    this.server = createServer(
      { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5000 },
      (req, res) => {
        void this.serve(req, res);
      },
    );
    this.server.on('clientError', (_err: Error, socket: Socket) => {
      if (socket.writable)
        socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      else socket.destroy();
    });
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => reject(listenError(err, port, host));
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  /** Stops listening; requests still running get `graceMs` before their connections are cut. */
  close(graceMs = 500): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server.listening) return resolve();
      const force = setTimeout(() => this.server.closeAllConnections(), graceMs);
      this.server.close(() => {
        clearTimeout(force);
        resolve();
      });
      this.server.closeIdleConnections();
    });
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    const t0 = performance.now();
    // Listened for from the start: a client that leaves during a delay or a script is logged too.
    const closed = new Promise<void>((resolve) => res.once('close', resolve));
    const target = this.target();
    const arrivedAtSeconds = target.now();
    const headers = pairsOf(req.rawHeaders);
    const state = newCallState();
    const body = await readBody(req, target.maxBodyBytes);

    let response: ConnectorResponse;
    try {
      response = await callStore.run(state, () =>
        target.handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers, body }),
      );
    } catch (err) {
      response = internalError(err);
    }
    const exchange: ServedExchange = {
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      headers,
      body,
      response: null,
      outcome: response.outcome,
      state,
      fault: null,
      aborted: false,
      startedAt,
      arrivedAtSeconds,
      durationMs: 0,
    };
    if (!res.destroyed) this.answer(req, res, response, exchange, body.length > target.maxBodyBytes);
    await closed;
    exchange.aborted = !res.writableFinished && exchange.fault !== 'close';
    exchange.durationMs = Math.round((performance.now() - t0) * 100) / 100;
    this.onExchange(exchange, target);
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    response: ConnectorResponse,
    exchange: ServedExchange,
    tooLarge: boolean,
  ): void {
    const { state } = exchange;
    if (state.fault) {
      exchange.fault = applyFault(state.fault, req, res, exchange);
      return;
    }
    const bytes = Buffer.from(response.body);
    const out: Record<string, string | number> = { ...response.headers, 'content-length': bytes.length };
    // The rest of an oversized body is never read: close the connection once answered.
    if (tooLarge) out.connection = 'close';
    res.writeHead(response.status, out);
    exchange.response = { status: response.status, headers: headerPairs(res), body: bytes };
    if (state.slow) {
      exchange.fault = describeSlow(state.slow);
      sendSlowly(res, bytes, state.slow);
    } else res.end(bytes);
  }
}

function applyFault(
  fault: TransportFault,
  req: IncomingMessage,
  res: ServerResponse,
  exchange: ServedExchange,
): string {
  if (fault.kind === 'close') {
    req.socket.destroy();
    return 'close';
  }
  const body =
    fault.body === undefined
      ? Buffer.from(JSON.stringify({ error: `http_${fault.status}` }))
      : Buffer.from(typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body));
  const headers: Record<string, string | number> = {
    'content-type': typeof fault.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    ...fault.headers,
    'content-length': body.length,
  };
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  res.writeHead(fault.status, headers);
  exchange.response = { status: fault.status, headers: headerPairs(res), body };
  res.end(body);
  return `http ${fault.status}${fault.retryAfter === undefined ? '' : ` (Retry-After ${fault.retryAfter} s)`}`;
}

/** Headers go out at once, then the body in small chunks: the caller sees a first byte, then a trickle. */
function sendSlowly(res: ServerResponse, body: Buffer, slow: SlowSend): void {
  let chunk: number;
  let everyMs: number;
  if (slow.bytesPerSecond !== undefined) {
    // Ten sends a second when the rate allows it, else one byte at the rate's pace.
    chunk = Math.max(1, Math.round(slow.bytesPerSecond / 10));
    everyMs = (1000 * chunk) / slow.bytesPerSecond;
  } else {
    chunk = slow.chunkBytes;
    everyMs = slow.chunkDelayMs ?? 100;
  }
  res.flushHeaders();
  let offset = 0;
  let timer: NodeJS.Timeout | null = null;
  const next = () => {
    if (res.destroyed) return;
    const part = body.subarray(offset, offset + chunk);
    offset += part.length;
    if (offset >= body.length) return void res.end(part);
    res.write(part);
    timer = setTimeout(next, everyMs);
  };
  res.on('close', () => {
    if (timer) clearTimeout(timer);
  });
  timer = setTimeout(next, everyMs);
}

/** Reads at most max+1 bytes: enough for the SDK to answer 413 without buffering a huge body. */
function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks, Math.min(size, max + 1)));
    };
    req.on('data', (c: Buffer) => {
      if (done) return;
      chunks.push(c);
      size += c.length;
      if (size > max) {
        req.pause();
        finish();
      }
    });
    req.on('end', finish);
    req.on('error', finish);
    req.on('close', finish);
  });
}

function pairsOf(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i], raw[i + 1]]);
  return out;
}

function headerPairs(res: ServerResponse): Array<[string, string]> {
  return Object.entries(res.getHeaders()).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]);
}

function internalError(err: unknown): ConnectorResponse {
  const message = err instanceof Error ? err.message : String(err);
  return {
    status: 500,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'error',
      code: 'internal_error',
      message: 'the connector failed to answer this request',
    }),
    outcome: {
      verification: null,
      requestType: null,
      tool: null,
      requestId: null,
      code: 'internal_error',
      message,
    },
  };
}

function listenError(err: NodeJS.ErrnoException, port: number, host: string): HostError {
  if (err.code === 'EADDRINUSE')
    return new HostError(
      'port_in_use',
      `port ${port} on ${host} is already in use; stop what holds it, or choose another port (0 picks a free one)`,
      {
        port,
        host,
      },
    );
  return new HostError('listen_failed', `cannot listen on ${host}:${port}: ${err.message}`, {
    port,
    host,
    cause: err.code ?? null,
  });
}
