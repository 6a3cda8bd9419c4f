// Hostile clients on the node:http adapter: each gets its specific error, and a valid signed
// request right after proves the server still serves.

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../../../src/connector/index.ts';
import type { ExchangeEvent, ListeningConnector } from '../../../src/connector/index.ts';
import { sign } from '../../../src/protocol/index.ts';
import { SECRET, envelope, invoke, rawExchange, rawSignedPost, signedPost } from './helpers.ts';

const LIMIT = 64 * 1024;
let server: ListeningConnector;
const events: ExchangeEvent[] = [];

beforeAll(async () => {
  const connector = createConnector({
    signingSecret: SECRET,
    maxBodyBytes: LIMIT,
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
  })
    .tool(
      'echo',
      {
        description: 'Echoes text',
        input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
      (p) => ({
        text: p.text,
        length: (p.text as string).length,
      }),
    )
    .on('exchange', (e) => events.push(e));
  server = await connector.listen(0);
});
afterAll(() => server.close());

async function stillServes(): Promise<void> {
  const a = await signedPost(server.url, envelope('ping'));
  expect(a.status).toBe(200);
  expect(a.json.type).toBe('pong');
}

describe('hostile clients on the node:http adapter', () => {
  it('answers invalid_request 400 to a signed non-JSON body, then keeps serving', async () => {
    const a = await rawExchange(server.port, [rawSignedPost('/service', '<xml>not json</xml>')]);
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body)).toMatchObject({
      type: 'error',
      code: 'invalid_request',
      message: 'the body is not valid JSON',
    });
    await stillServes();
  });

  it('answers 413 from content-length alone without waiting for the body, then keeps serving', async () => {
    const head = [`POST /service HTTP/1.1`, 'host: 127.0.0.1', `content-length: ${LIMIT * 16}`, '', ''].join(
      '\r\n',
    );
    // Only the head is sent: the answer must not wait for the 1 MiB that was announced.
    const a = await rawExchange(server.port, [head], { waitMs: 3000 });
    expect(a.status).toBe(413);
    expect(a.head.toLowerCase()).toContain('connection: close');
    expect(a.closed).toBe(true);
    expect(JSON.parse(a.body)).toMatchObject({ type: 'error', code: 'payload_too_large' });
    await stillServes();
  });

  it('answers 413 to an oversized chunked body with no content-length and closes, then keeps serving', async () => {
    const head = [`POST /service HTTP/1.1`, 'host: 127.0.0.1', 'transfer-encoding: chunked', '', ''].join(
      '\r\n',
    );
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
    // Five 16 KiB chunks pass the 64 KiB limit; the chunked body is never terminated.
    const a = await rawExchange(server.port, [head, frame, frame, frame, frame, frame, frame], {
      gapMs: 5,
      waitMs: 3000,
    });
    expect(a.status).toBe(413);
    expect(a.closed).toBe(true);
    expect(JSON.parse(a.body).code).toBe('payload_too_large');
    await stillServes();
  });

  it('answers 413 through fetch to a body just over the limit', async () => {
    const big = JSON.stringify(invoke('echo', { text: 'x'.repeat(LIMIT) }));
    const a = await signedPost(server.url, big);
    expect(a.status).toBe(413);
    expect(a.json.code).toBe('payload_too_large');
    await stillServes();
  });

  it('answers 413 to a multi-megabyte upload, which the client reads before the connection closes', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 0x20);
    const res = await fetch(server.url, { method: 'POST', body, headers: { ...sign(SECRET, body) } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('payload_too_large');
    expect(events.at(-1)!.body.length).toBe(0);
    await stillServes();
  });

  it('accepts a body exactly at the limit', async () => {
    const base = JSON.stringify(invoke('echo', { text: '' }));
    const body = JSON.stringify(invoke('echo', { text: 'y'.repeat(LIMIT - base.length) }));
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    const a = await signedPost(server.url, body);
    expect(a.status).toBe(200);
    expect((a.json.output as { length: number }).length).toBe(LIMIT - base.length);
  });

  it('answers invalid_signature 401 to a doubled signature header, then keeps serving', async () => {
    const body = JSON.stringify(envelope('ping'));
    const { 'x-service-signature': sig } = sign(SECRET, body);
    const a = await rawExchange(server.port, [
      rawSignedPost('/service', body, [`X-Service-Signature: ${sig}`]),
    ]);
    expect(a.status).toBe(401);
    expect(JSON.parse(a.body)).toEqual({
      type: 'error',
      code: 'invalid_signature',
      message: 'the request signature could not be verified',
    });
    const last = events.at(-1)!;
    expect(last.response.outcome.verification).toMatchObject({ ok: false, reason: 'duplicated_header' });
    expect(last.headers.filter(([n]) => n.toLowerCase() === 'x-service-signature')).toHaveLength(2);
    await stillServes();
  });

  it('answers invalid_signature 401 to a doubled timestamp header', async () => {
    const body = JSON.stringify(envelope('ping'));
    const a = await rawExchange(server.port, [rawSignedPost('/service', body, ['x-service-timestamp: 1'])]);
    expect(a.status).toBe(401);
    expect(events.at(-1)!.response.outcome.verification).toMatchObject({
      ok: false,
      reason: 'duplicated_header',
      header: 'x-service-timestamp',
    });
  });

  it('answers invalid_signature 401 to missing signing headers and records why', async () => {
    const a = await rawExchange(server.port, [
      rawSignedPost('/service', JSON.stringify(envelope('ping')), [], { sign: false }),
    ]);
    expect(a.status).toBe(401);
    expect(events.at(-1)!.response.outcome).toMatchObject({
      code: 'invalid_signature',
      verification: { reason: 'missing_header' },
    });
    await stillServes();
  });

  it('answers 408 to a sender too slow to finish its headers, then keeps serving', async () => {
    const a = await rawExchange(server.port, ['POST /service HTTP/1.1\r\n', 'host: 127.0.0.1\r\n'], {
      waitMs: 4000,
    });
    expect(a.status).toBe(408);
    expect(a.closed).toBe(true);
    expect(JSON.parse(a.body).code).toBe('request_timeout');
    await stillServes();
  });

  it('answers 408 to a sender too slow to finish its body, then keeps serving', async () => {
    const head = ['POST /service HTTP/1.1', 'host: 127.0.0.1', 'content-length: 100', '', ''].join('\r\n');
    const a = await rawExchange(server.port, [head, '{"type":'], { waitMs: 4000 });
    expect(a.status).toBe(408);
    expect(a.closed).toBe(true);
    await stillServes();
  });

  it('records nothing for a client that leaves mid-body, then keeps serving', async () => {
    const before = events.length;
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      ['POST /service HTTP/1.1', 'host: 127.0.0.1', 'content-length: 1000', '', '{"type":"pi'].join('\r\n'),
    );
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    // Nobody is left to answer: no exchange, and the aborted request throws nowhere.
    await new Promise((r) => setTimeout(r, 200));
    expect(events.length).toBe(before);
    await stillServes();
  });

  it('round-trips unicode text byte for byte through the signature', async () => {
    const text = 'Grüße, 東京, emoji 🚀, RTL ‮ and a NUL \u0000';
    const a = await signedPost(server.url, invoke('echo', { text }));
    expect(a.status).toBe(200);
    expect((a.json.output as { text: string }).text).toBe(text);
  });

  it('answers invalid_request 400 to a signed binary body that is not UTF-8, then keeps serving', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80]);
    const a = await rawExchange(server.port, [rawSignedPost('/service', binary)]);
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body)).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('UTF-8'),
    });
    await stillServes();
  });

  it('answers 400 in the JSON envelope to a request that is not HTTP at all', async () => {
    const a = await rawExchange(server.port, ['\x16\x03\x01 this is not http\r\n\r\n']);
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).code).toBe('invalid_request');
    await stillServes();
  });

  it('emits one exchange event per request with raw bytes and timings', async () => {
    const before = events.length;
    await signedPost(server.url, invoke('echo', { text: 'hi' }, { request_id: 'req-ev' }));
    expect(events.length).toBe(before + 1);
    const e = events.at(-1)!;
    expect(e.method).toBe('POST');
    expect(e.path).toBe('/service');
    expect(JSON.parse(e.body.toString('utf8')).request_id).toBe('req-ev');
    expect(e.response.outcome).toMatchObject({
      requestType: 'tool.invoke',
      tool: 'echo',
      requestId: 'req-ev',
      code: null,
      verification: { ok: true },
    });
    expect(e.durationMs).toBeGreaterThanOrEqual(0);
    expect(e.startedAt).toBeGreaterThan(1_600_000_000_000);
  });
});
