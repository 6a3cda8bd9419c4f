// The load engine's HTTP/1.1 connection against servers that answer in every legal way (chunked,
// Connection: close, body until close) and in broken ways (hang up, never answer).

import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Http1Connection } from '../../../src/load/http1.ts';
import { runLoad } from '../../../src/load/index.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/service`;
}

const http = (handler: RequestListener) => {
  const server = createServer((req, res) => req.resume().on('end', () => handler(req, res)));
  return listen(server);
};

const load = (url: string, extra: { requests?: number; timeoutMs?: number } = {}) =>
  runLoad({
    url,
    secret: 's',
    request: { kind: 'type', type: 'ping' },
    connections: 2,
    requests: extra.requests ?? 20,
    timeoutMs: extra.timeoutMs,
  });

describe('load HTTP/1.1 connection', () => {
  it('reassembles a chunked answer written in several pieces', async () => {
    const url = await http((_req, res) => {
      res.write('{"type":');
      setImmediate(() => res.end('"pong"}'));
    });
    const conn = new Http1Connection(new URL(url), 5000);
    const answer = await conn.send(['content-type', 'application/json'], Buffer.from('{}'));
    conn.close();
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('{"type":"pong"}');
  });

  it('reconnects after every answer sent with Connection: close', async () => {
    const url = await http((_req, res) =>
      res.writeHead(200, { connection: 'close', 'content-type': 'application/json' }).end('{"type":"pong"}'),
    );
    const report = await load(url);
    expect(report).toMatchObject({ requests: 20, ok: 20 });
  });

  it('reads a body delimited by the end of the connection', async () => {
    const server = createTcpServer((socket) => {
      socket.once('data', () =>
        socket.end('HTTP/1.0 200 OK\r\ncontent-type: application/json\r\n\r\n{"type":"pong"}'),
      );
    });
    const report = await load(await listen(server), { requests: 5 });
    expect(report).toMatchObject({ requests: 5, ok: 5 });
  });

  it('counts a connector that hangs up without answering as connection_reset', async () => {
    const server = createTcpServer((socket) => socket.once('data', () => socket.destroy()));
    const report = await load(await listen(server), { requests: 4 });
    expect(report.errors.byCode).toEqual([expect.objectContaining({ key: 'connection_reset', count: 4 })]);
  });

  it('counts a connector that never answers as timeout', async () => {
    const url = await http(() => {});
    const report = await load(url, { requests: 2, timeoutMs: 150 });
    expect(report.errors.byCode).toEqual([expect.objectContaining({ key: 'timeout', count: 2 })]);
  });
});
