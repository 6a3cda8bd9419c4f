// `ctb listen`: a recording reverse proxy in front of a connector. It forwards the platform's calls
// byte-exact, verifies and explains each with the known secrets, and records both ways in History.

import { request as httpRequest, Agent as HttpAgent, createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { explain, fingerprint, PLATFORM_TIMEOUT_MS } from '../protocol/index.ts';
import type { Diagnosis } from '../protocol/index.ts';
import type { ExchangeInput } from '../store/history.ts';
import { exchangeDiagnosis } from '../client/index.ts';
import { envelopeOf } from './pairing.ts';

/** What the platform accepts from a connector (the manager's own cap), and a request's cap. */
export const LISTEN_MAX_ANSWER_BYTES = 5 * 1024 * 1024;
export const LISTEN_MAX_REQUEST_BYTES = 5 * 1024 * 1024;

/** Hop-by-hop headers (RFC 9110 7.6.1): they describe one connection, never the message. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export interface ListenOptions {
  /** The full endpoint URL every request goes to, e.g. http://127.0.0.1:4020/service. */
  forwardTo: URL;
  /** Candidate secrets, current first; a request verified by any is valid. */
  secrets: string[];
  port: number;
  host?: string;
  toleranceSeconds?: number;
  timeoutMs?: number;
  /** Where each exchange goes (the engine's History). */
  record?: (input: ExchangeInput) => number | void;
  /** One event per request, after its answer was sent. */
  onExchange?: (e: ListenEvent) => void;
  now?: () => number;
}

export interface ListenEvent {
  exchangeId: number | null;
  startedAt: number;
  method: string;
  path: string;
  requestType: string | null;
  tool: string | null;
  /** `ok`, `invalid_signature`, or the proxy's own error (`upstream_unreachable`, `upstream_timeout`, ...). */
  verdict: string;
  diagnosis: Diagnosis;
  /** Index in `secrets` of the one that verified, or null. */
  matchedSecret: number | null;
  status: number;
  durationMs: number;
}

export interface ListenProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The proxy's own failures: answered 502/504 with the protocol's error envelope so the caller sees a code. */
class UpstreamError extends Error {
  readonly code: 'upstream_unreachable' | 'upstream_timeout' | 'upstream_answer_too_large';
  readonly status: number;
  constructor(code: UpstreamError['code'], message: string, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export async function startListenProxy(options: ListenOptions): Promise<ListenProxy> {
  const host = options.host ?? '127.0.0.1';
  const https = options.forwardTo.protocol === 'https:';
  const agent = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const fingerprints = options.secrets.map((s) => fingerprint(s));
  const server: Server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    const t0 = performance.now();
    let body: Buffer;
    try {
      body = await readAll(req, LISTEN_MAX_REQUEST_BYTES);
    } catch {
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', code: 'payload_too_large', message: 'request over 5 MiB' }));
      return;
    }
    const requestHeaders = pairs(req.rawHeaders);
    const now = options.now?.() ?? Math.floor(startedAt / 1000);
    const diagnosis = explain(body, requestHeaders, options.secrets, {
      now,
      toleranceSeconds: options.toleranceSeconds,
    });
    const matched = diagnosis.matchedSecret === null ? -1 : fingerprints.indexOf(diagnosis.matchedSecret);
    const { requestType, tool, requestId } = envelopeOf(body);

    let status: number;
    let answerHeaders: Array<[string, string]>;
    let answer: Buffer;
    let firstByteMs: number | null = null;
    let proxyError: UpstreamError | null = null;
    try {
      const upstream = await forward(req.method ?? 'POST', requestHeaders, body);
      firstByteMs = performance.now() - t0;
      ({ status, headers: answerHeaders, body: answer } = upstream);
    } catch (error) {
      proxyError =
        error instanceof UpstreamError
          ? error
          : new UpstreamError('upstream_unreachable', String((error as Error)?.message ?? error), 502);
      status = proxyError.status;
      answer = Buffer.from(
        JSON.stringify({ type: 'error', code: proxyError.code, message: proxyError.message }),
      );
      answerHeaders = [['content-type', 'application/json']];
    }
    if (!res.destroyed) {
      res.writeHead(status, sendable(answerHeaders, answer.length));
      res.end(answer);
    }
    const durationMs = performance.now() - t0;
    const verdict =
      diagnosis.verdict === 'invalid' ? 'invalid_signature' : proxyError ? proxyError.code : 'ok';
    const input: ExchangeInput = {
      direction: 'incoming',
      requestType,
      tool,
      requestId,
      method: req.method ?? 'POST',
      url: options.forwardTo.href,
      requestHeaders,
      requestBody: body,
      responseStatus: status,
      responseHeaders: answerHeaders,
      responseBody: answer,
      verdict,
      errorMessage: proxyError?.message ?? (diagnosis.verdict === 'invalid' ? diagnosis.summary : null),
      diagnosis: exchangeDiagnosis({ signature: diagnosis }),
      timing: { firstByteMs, totalMs: durationMs },
      startedAt,
    };
    let exchangeId: number | null = null;
    try {
      exchangeId = (options.record?.(input) as number | undefined) ?? null;
    } catch {
      // Recording must never break the traffic it observes.
    }
    options.onExchange?.({
      exchangeId,
      startedAt,
      method: input.method,
      path: req.url ?? '/',
      requestType,
      tool,
      verdict,
      diagnosis,
      matchedSecret: matched === -1 ? null : matched,
      status,
      durationMs,
    });
  }

  function forward(
    method: string,
    headers: Array<[string, string]>,
    body: Buffer,
  ): Promise<{ status: number; headers: Array<[string, string]>; body: Buffer }> {
    const target = options.forwardTo;
    const out: string[] = [];
    for (const [name, value] of headers) {
      const lower = name.toLowerCase();
      // Host names the proxy, not the connector; framing headers are recomputed for the new connection.
      if (lower === 'host' || lower === 'content-length' || HOP_BY_HOP.has(lower)) continue;
      out.push(name, value);
    }
    out.push('host', target.host, 'content-length', String(body.length));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const upstream = send(target, {
        method,
        headers: out,
        agent,
        timeout: options.timeoutMs ?? PLATFORM_TIMEOUT_MS,
      });
      upstream.on('timeout', () =>
        upstream.destroy(new UpstreamError('upstream_timeout', `no answer from ${target.host} in time`, 504)),
      );
      upstream.on('error', (e) =>
        reject(
          e instanceof UpstreamError
            ? e
            : new UpstreamError(
                'upstream_unreachable',
                `${target.host}: ${(e as NodeJS.ErrnoException).code ?? e.message}`,
                502,
              ),
        ),
      );
      upstream.on('response', (answer) => {
        readAll(answer, LISTEN_MAX_ANSWER_BYTES).then(
          (bytes) =>
            resolve({ status: answer.statusCode ?? 502, headers: pairs(answer.rawHeaders), body: bytes }),
          () =>
            reject(
              new UpstreamError('upstream_answer_too_large', 'the connector answered more than 5 MiB', 502),
            ),
        );
      });
      upstream.end(body);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function pairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i], raw[i + 1]]);
  return out;
}

/** The answer's headers as received, minus what belonged to the upstream connection. */
function sendable(headers: Array<[string, string]>, length: number): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (lower === 'content-length' || HOP_BY_HOP.has(lower)) continue;
    out.push(name, value);
  }
  out.push('content-length', String(length));
  return out;
}

function readAll(stream: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        stream.destroy();
        reject(new Error('too large'));
      } else chunks.push(c);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
