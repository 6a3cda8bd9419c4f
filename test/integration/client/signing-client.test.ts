// The signing client against a real local HTTP server: signed requests the receiver verifies, each
// fault as it crosses the wire, and rawCall's redirect, size cap, timeout, reset and pinning rules.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, rawCall, signedCall } from '../../../src/client/index.ts';
import type { Faults } from '../../../src/client/index.ts';
import { verify } from '../../../src/protocol/index.ts';

const SECRET = 'whsec_client_test';
let server: Server;
let base: string;
const seen: Array<{ headers: Record<string, string[]>; body: Buffer; verdict: ReturnType<typeof verify> }> =
  [];

function route(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  const url = req.url ?? '/';
  if (url === '/redirect') {
    res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
  } else if (url === '/big') {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < 50 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => (sent = Number.MAX_SAFE_INTEGER));
    pump();
  } else if (url === '/hang') {
    // never answers
  } else if (url === '/trickle') {
    // Headers at once, then a byte every 100 ms: each gap is short, the whole answer never ends.
    res.writeHead(200, { 'content-type': 'application/json' });
    const drip = setInterval(() => res.write(' '), 100);
    res.on('close', () => clearInterval(drip));
  } else if (url === '/reset') {
    req.socket.destroy();
  } else {
    const verdict = verify(body, req.headersDistinct as Record<string, string[]>, SECRET);
    seen.push({ headers: req.headersDistinct as Record<string, string[]>, body, verdict });
    res.writeHead(verdict.ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        verdict.ok
          ? { type: 'pong', protocol_version: '1', time: 0 }
          : { type: 'error', code: 'invalid_signature', message: 'no' },
      ),
    );
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => route(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const ping = () => buildRequest('ping');
const last = () => seen[seen.length - 1];

describe('signedCall', () => {
  it('sends a request the receiver verifies, with timing phases', async () => {
    const r = await signedCall({ url: `${base}/service`, secret: SECRET, body: ping() });
    expect(r.error).toBeNull();
    expect(r.response?.status).toBe(200);
    expect(r.json).toMatchObject({ type: 'pong' });
    expect(last().verdict.ok).toBe(true);
    expect(r.timing.totalMs).toBeGreaterThanOrEqual(r.timing.firstByteMs ?? 0);
    expect(r.signing.canonical.startsWith(`v1:${r.signing.timestamp}:{`)).toBe(true);
    expect(r.signing.secretFingerprint).toMatch(/^[0-9a-f]{8}$/);
  });

  it.each([
    [{ skewOffsetSeconds: -301 }, 'timestamp_too_old'],
    [{ skewOffsetSeconds: 301 }, 'timestamp_in_future'],
    [{ wrongSecret: true }, 'signature_mismatch'],
    [{ tamperBody: true }, 'signature_mismatch'],
    [{ dropHeaders: ['X-Service-Signature'] }, 'missing_header'],
    [{ protocolVersion: '2' }, 'protocol_mismatch'],
  ] as Array<[Faults, string]>)('applies fault %o so the receiver reports %s', async (faults, reason) => {
    const r = await signedCall({ url: `${base}/service`, secret: SECRET, body: ping(), faults });
    expect(r.response?.status).toBe(401);
    expect(last().verdict).toMatchObject({ ok: false, reason });
    expect(r.signing.faults.length).toBe(1);
  });

  it('keeps a tampered body valid JSON so only the signature is wrong', async () => {
    await signedCall({
      url: `${base}/service`,
      secret: SECRET,
      body: buildRequest('tool.invoke', { tool: 'getProduct', parameters: { sku: 'SKU-1' } }),
      faults: { tamperBody: true },
    });
    expect(() => JSON.parse(last().body.toString())).not.toThrow();
  });

  it('re-cases header names on the wire and the receiver still accepts them', async () => {
    const r = await signedCall({
      url: `${base}/service`,
      secret: SECRET,
      body: ping(),
      faults: { headerCase: 'upper' },
    });
    expect(r.request.headers.some(([n]) => n === 'X-SERVICE-SIGNATURE')).toBe(true);
    expect(r.response?.status).toBe(200);
  });

  it('delivers a replay twice with identical bytes and signature', async () => {
    const before = seen.length;
    const r = await signedCall({
      url: `${base}/service`,
      secret: SECRET,
      body: ping(),
      faults: { replay: true },
    });
    expect(seen.length).toBe(before + 2);
    expect(seen[before].body.equals(seen[before + 1].body)).toBe(true);
    expect(seen[before].headers['x-service-signature']).toEqual(
      seen[before + 1].headers['x-service-signature'],
    );
    expect(r.original?.response?.status).toBe(200);
  });
});

describe('rawCall', () => {
  const req = (path: string) => ({
    method: 'POST',
    url: `${base}${path}`,
    headers: [] as Array<[string, string]>,
    body: Buffer.from('{}'),
  });

  it('refuses to follow a redirect and says where it pointed', async () => {
    const r = await rawCall(req('/redirect'));
    expect(r.error?.code).toBe('redirect_refused');
    expect(r.error?.message).toContain('127.0.0.1:1');
    expect(r.response?.status).toBe(302);
  });

  it('cuts an oversized answer at the cap', async () => {
    const r = await rawCall(req('/big'), { maxResponseBytes: 256 * 1024 });
    expect(r.error?.code).toBe('response_too_large');
    expect(r.response?.body.length).toBe(256 * 1024);
  });

  it('times out a connector that never answers', async () => {
    const r = await rawCall(req('/hang'), { timeoutMs: 300 });
    expect(r.error?.code).toBe('timeout');
    expect(r.response).toBeNull();
  });

  it('holds a trickling answer to the whole-exchange timeout, keeping what arrived', async () => {
    const started = performance.now();
    const r = await rawCall(req('/trickle'), { timeoutMs: 500 });
    expect(r.error?.code).toBe('timeout');
    expect(r.error?.message).toContain('while reading the answer');
    expect(r.response?.status).toBe(200);
    expect(r.response?.body.length).toBeGreaterThan(0);
    // Each gap is far below the timeout: only a deadline over the whole exchange ends it.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('names a call its caller cancelled as aborted, not as a timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const r = await rawCall(req('/hang'), { timeoutMs: 10_000, signal: controller.signal });
    expect(r.error?.code).toBe('aborted');
    const already = await rawCall(req('/hang'), { signal: AbortSignal.abort() });
    expect(already.error?.code).toBe('aborted');
  });

  it('answers a URL it cannot parse with an error result, not a throw', async () => {
    const r = await rawCall({ ...req('/x'), url: 'not a url' });
    expect(r.response).toBeNull();
    expect(r.error?.code).toBe('network_error');
    expect(r.error?.message).toMatch(/invalid url/i);
  });

  it('reports a reset connection', async () => {
    const r = await rawCall(req('/reset'));
    expect(r.error?.code).toBe('connection_reset');
  });

  it('reports a refused connection as connect_error', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const r = await rawCall({
      method: 'POST',
      url: `http://127.0.0.1:${port}/service`,
      headers: [],
      body: Buffer.from('{}'),
    });
    expect(r.error?.code).toBe('connect_error');
  });
});

describe('rawCall with a pinned address', () => {
  it('connects to the pinned address whatever the host name resolves to, keeping the Host header', async () => {
    const port = new URL(base).port;
    // .invalid never resolves (RFC 6761): only the pin can make this call reach the server.
    const unpinned = await rawCall({
      method: 'POST',
      url: `http://connector.invalid:${port}/service`,
      headers: [],
      body: Buffer.from('{}'),
    });
    expect(unpinned.error?.code).toBe('connect_error');
    const before = seen.length;
    const pinned = await signedCall({
      url: `http://connector.invalid:${port}/service`,
      secret: SECRET,
      body: buildRequest('ping'),
      pinnedAddress: '127.0.0.1',
    });
    expect(pinned.error).toBeNull();
    expect(pinned.response?.status).toBe(200);
    expect(seen.length).toBe(before + 1);
    expect(seen[before].headers.host).toEqual([`connector.invalid:${port}`]);
  });
});
