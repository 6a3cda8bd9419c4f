// The fetch-style adapter gives the same answers as the node:http one: Request objects built
// here, no socket, so it also proves the core runs without node:http.

import { describe, expect, it } from 'vitest';
import { createConnector } from '../../../src/connector/index.ts';
import { sign } from '../../../src/protocol/index.ts';
import { SECRET, envelope, invoke, read } from './helpers.ts';

const NOW = 1_800_000_000;
const connector = createConnector({ signingSecret: SECRET, now: () => NOW, maxBodyBytes: 4096 }).tool(
  'greet',
  {
    description: 'Greets',
    input_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
  (p) => ({ message: `Hello, ${p.name}` }),
);

function request(
  payload: unknown,
  options: { timestamp?: number; method?: string; path?: string; headers?: Record<string, string> } = {},
): Request {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers = new Headers({
    ...sign(SECRET, body, { timestamp: options.timestamp ?? NOW }),
    ...options.headers,
  });
  return new Request(`http://connector.test${options.path ?? '/service'}`, {
    method: options.method ?? 'POST',
    body,
    headers,
  });
}

describe('fetch adapter', () => {
  it('answers ping and runs a tool', async () => {
    expect((await read(await connector.fetch(request(envelope('ping'))))).json).toEqual({
      type: 'pong',
      protocol_version: '1',
      time: NOW,
    });
    const a = await read(await connector.fetch(request(invoke('greet', { name: 'Ana' }))));
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/json');
    expect(a.json).toEqual({ type: 'result', output: { message: 'Hello, Ana' } });
  });

  it('answers invalid_signature 401 outside the window and 200 at its edge', async () => {
    expect((await connector.fetch(request(envelope('ping'), { timestamp: NOW + 301 }))).status).toBe(401);
    expect((await connector.fetch(request(envelope('ping'), { timestamp: NOW - 300 }))).status).toBe(200);
  });

  it('answers invalid_signature 401 to a doubled signature header', async () => {
    const body = JSON.stringify(envelope('ping'));
    const headers = new Headers({ ...sign(SECRET, body, { timestamp: NOW }) });
    headers.append('x-service-signature', headers.get('x-service-signature')!);
    const a = await read(
      await connector.fetch(new Request('http://connector.test/service', { method: 'POST', body, headers })),
    );
    expect(a.status).toBe(401);
    expect(a.json.code).toBe('invalid_signature');
  });

  it('answers invalid_request 400 to a non-JSON body', async () => {
    const a = await read(await connector.fetch(request('{"type":')));
    expect(a.status).toBe(400);
    expect(a.json.code).toBe('invalid_request');
  });

  it('answers payload_too_large 413 to a streamed body over the limit', async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    const req = new Request('http://connector.test/service', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const a = await read(await connector.fetch(req));
    expect(a.status).toBe(413);
    expect(a.json.code).toBe('payload_too_large');
  });

  it('answers 404 not_found to GET and to another path', async () => {
    const get = await connector.fetch(new Request('http://connector.test/service'));
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ error: 'not_found' });
    expect((await connector.fetch(request(envelope('ping'), { path: '/services' }))).status).toBe(404);
  });
});
