// Browser mode's server (`ctb serve`): the built UI, the contract over HTTP (POST /api/call/<method>,
// JSON in, Result out) and the pushed events as Server-Sent Events, behind the guard of http-guard.ts.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { MAX_IMPORT_CHARS } from '../engine/index.ts';
import { TOKEN_HEADER, fail } from '../shared/index.ts';
import { SECURITY_HEADERS } from './csp.ts';
import type { Dispatch } from './dispatch.ts';
import type { EventHub } from '../engine/event-hub.ts';
import { guardFor, guardRequest, hasOneHost, isAllowedHost, newToken } from './http-guard.ts';
import type { GuardConfig } from './http-guard.ts';
import { StaticCache, resolveStatic } from './static-files.ts';
import { hasSession, sendSessionNotice, tradeTokenForCookie } from './session-cookie.ts';

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;
/**
 * history:import carries a whole .har or History export as a JSON string: the engine takes files up
 * to MAX_IMPORT_CHARS, and escaping can double a file's bytes. The app's own exports must come back.
 */
export const IMPORT_MAX_BODY_BYTES = 2 * MAX_IMPORT_CHARS + 1024 * 1024;
const HEARTBEAT_MS = 20_000;

export interface BrowserServerOptions {
  dispatch: Dispatch;
  events: EventHub;
  /** The built renderer folder; null serves the API alone (tests). */
  staticDir: string | null;
  host?: string;
  port?: number;
  token?: string;
  maxBodyBytes?: number;
}

export interface BrowserServer {
  /** The URL to open: carries the token. */
  url: string;
  origin: string;
  token: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? newToken();
  const staticDir = options.staticDir === null ? null : resolve(options.staticDir);
  const wildcard = host === '0.0.0.0' || host === '::';
  const guard: GuardConfig = guardFor(host, token);
  const streams = new Set<ServerResponse>();
  const ctx: RouteContext = { options, guard, staticDir, streams, files: new StaticCache() };
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    route(req, res, ctx).catch(() => {
      if (!res.headersSent) sendJson(res, 500, fail('internal', 'the server failed to answer'));
      else res.destroy();
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  const port = await listen(server, host, options.port ?? 0);
  guard.port = port;
  const hostForUrl = wildcard ? '127.0.0.1' : isIP(host) === 6 ? `[${host}]` : host;
  const origin = `http://${hostForUrl}:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    host,
    port,
    close: () => closeServer(server, streams),
  };
}

interface RouteContext {
  options: BrowserServerOptions;
  guard: GuardConfig;
  staticDir: string | null;
  streams: Set<ServerResponse>;
  files: StaticCache;
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<void> {
  if (!hasOneHost(req)) return sendJson(res, 400, fail('bad_host', 'send exactly one Host header'));
  const url = new URL(req.url ?? '/', 'http://placeholder');
  if (url.pathname.startsWith('/api/')) {
    const given =
      url.pathname === '/api/events' ? url.searchParams.get('token') : headerOf(req, TOKEN_HEADER);
    // The page authenticates by its session cookie; other clients keep sending the header.
    const apiToken = given ?? (hasSession(req, ctx.guard.port, ctx.guard.token) ? ctx.guard.token : null);
    const verdict = guardRequest(req.headers, apiToken, ctx.guard);
    if (!verdict.ok) return sendJson(res, 403, fail(verdict.code, verdict.message));
    res.setHeader('cache-control', 'no-store');
    if (url.pathname === '/api/events' && req.method === 'GET') return openEventStream(req, res, ctx);
    const call = /^\/api\/call\/([^/]+)$/.exec(url.pathname);
    if (call && req.method === 'POST') return answerCall(req, res, ctx, call[1]);
    return sendJson(res, 404, fail('not_found', `no API route ${req.method} ${url.pathname}`));
  }
  if (!isAllowedHost(req.headers.host, ctx.guard))
    return sendJson(res, 403, fail('forbidden_host', 'this server only answers to its own loopback address'));
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendJson(res, 405, fail('method_not_allowed', 'read-only'));
  if (url.searchParams.has('token')) return tradeTokenForCookie(res, url, ctx.guard.port, ctx.guard.token);
  const file = ctx.staticDir === null ? null : await resolveStatic(ctx.staticDir, url.pathname);
  if (!file) return sendJson(res, 404, fail('not_found', 'no such file'));
  // Built assets are the same for everyone; the page itself needs the session.
  if (file.endsWith('index.html') && !hasSession(req, ctx.guard.port, ctx.guard.token))
    return sendSessionNotice(res, 401, 'This browser has no session with this server yet (or it restarted).');
  // The app routes by hash and loads its assets relative to the root: a page path (the platform's own
  // /app/organization/sdk-connections) becomes the hash route the app maps it to.
  if (file.endsWith('index.html') && url.pathname !== '/' && url.pathname !== '/index.html')
    return redirect(res, `/#${url.pathname}`);
  await ctx.files.send(req, res, file, req.method === 'HEAD');
}

async function answerCall(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RouteContext,
  rawMethod: string,
): Promise<void> {
  const type = req.headers['content-type'] ?? '';
  // A JSON content type cannot be sent cross-site without a preflight: one more wall behind the token.
  if (!/^application\/json\b/i.test(type))
    return sendJson(res, 415, fail('unsupported_media_type', 'send the input as application/json'));
  let method: string;
  try {
    method = decodeURIComponent(rawMethod);
  } catch {
    method = rawMethod;
  }
  const limit =
    method === 'history:import'
      ? Math.max(IMPORT_MAX_BODY_BYTES, ctx.options.maxBodyBytes ?? 0)
      : (ctx.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const body = await readBody(req, limit);
  if (body === null)
    return sendJson(
      res,
      413,
      fail('payload_too_large', `the request body is over ${Math.floor(limit / 1024 / 1024)} MiB`),
    );
  let input: unknown = undefined;
  if (body.length > 0) {
    try {
      input = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, fail('invalid_json', 'the request body is not valid JSON'));
    }
  }
  const result = await ctx.options.dispatch(method, input);
  sendJson(res, !result.ok && result.error.code === 'unknown_method' ? 404 : 200, result);
}

function openEventStream(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write('retry: 2000\n: connected\n\n');
  ctx.streams.add(res);
  const unsubscribe = ctx.options.events.subscribe((e) => {
    res.write(`data: ${JSON.stringify(e)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
    ctx.streams.delete(res);
  };
  req.on('close', stop);
  res.on('error', stop);
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolveBody(over ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 302;
  res.setHeader('location', location);
  res.setHeader('cache-control', 'no-store');
  res.end();
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolveListen(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function closeServer(server: Server, streams: Set<ServerResponse>): Promise<void> {
  for (const res of streams) res.end();
  streams.clear();
  return new Promise((resolveClose) => {
    server.close(() => resolveClose());
    server.closeAllConnections();
  });
}
