// The node handler's wait for a body: one held by another reader is answered raw_body_unavailable
// after the grace second, every such request of a burst is, and a slow sender is still served.

import { request, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnector } from '../../../src/connector/index.ts';
import { signForTest } from '../../../src/protocol/index.ts';

const SECRET = 'unread-secret';
const PING = { protocol_version: '1', request_id: 'r1', type: 'ping' };

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** A server whose middleware takes the stream over (a 'readable' listener that never reads). */
async function heldBodyServer(): Promise<string> {
  const handler = createConnector({ signingSecret: SECRET }).nodeHandler();
  const server = createServer((req, res) => {
    req.on('readable', () => undefined);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/service`;
}

describe('a body another reader holds', () => {
  it('is answered raw_body_unavailable once the grace second has passed', async () => {
    const url = await heldBodyServer();
    const { body, headers } = signForTest(SECRET, PING);
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
    const waited = performance.now() - started;
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ type: 'error', code: 'raw_body_unavailable' });
    // The handler waits its grace second before it gives up (and the 5 s signal bounds the rest).
    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it('is answered for every request of a burst, each after its own grace second', async () => {
    const url = await heldBodyServer();
    const send = () => {
      const { body, headers } = signForTest(SECRET, PING);
      return fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(6000) });
    };
    const first = send();
    await new Promise((r) => setTimeout(r, 600));
    const started = performance.now();
    const later = await Promise.all(Array.from({ length: 20 }, send));
    const waited = performance.now() - started;
    for (const res of [await first, ...later]) {
      expect(res.status).toBe(500);
      expect(((await res.json()) as { code: string }).code).toBe('raw_body_unavailable');
    }
    // Those sent 600 ms after the first were not answered with it.
    expect(waited).toBeGreaterThanOrEqual(950);
  });
});

describe('a slow sender', () => {
  it('is served when its body arrives after the grace second', async () => {
    const listening = await createConnector({ signingSecret: SECRET }).listen(0);
    close = () => listening.close();
    const { body, headers } = signForTest(SECRET, PING);
    const bytes = Buffer.from(body);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        listening.url,
        { method: 'POST', headers: { ...headers, 'content-length': bytes.length } },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.write(bytes.subarray(0, 10));
      setTimeout(() => req.end(bytes.subarray(10)), 1600);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ type: 'pong' });
  });
});
