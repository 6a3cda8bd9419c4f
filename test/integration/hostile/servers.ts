// Hostile connectors for tests, real HTTP servers on 127.0.0.1: one whose misbehaviour is switched per
// test (a valid catalog while `friendly`, so a connection can first sync), one answering a fixed body.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Hostility =
  'hang' | 'huge' | 'reset' | 'redirect' | 'rate-limit' | 'deep-json' | 'not-json' | 'drip';

/** A result envelope whose output nests 10,000 objects: shaped like success, so only depth is wrong. */
export const DEEP_JSON = `{"type":"result","output":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`;

export interface HostileServer {
  url: string;
  mode: Hostility | 'friendly';
  /** Requests received, by `type`. */
  received: string[];
  close(): Promise<void>;
}

const CATALOG = JSON.stringify({
  type: 'result',
  tools: [
    {
      name: 'lookup_order',
      description: 'Looks up an order',
      input_schema: { type: 'object', properties: {} },
    },
  ],
});

export async function startHostile(): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const state: HostileServer = {
    url: '',
    mode: 'friendly',
    received: [],
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const answer = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    let type = '?';
    try {
      type = (JSON.parse(body.toString('utf8')) as { type?: string }).type ?? '?';
    } catch {
      /* recorded as ? */
    }
    state.received.push(type);
    switch (state.mode) {
      case 'friendly':
        res.setHeader('content-type', 'application/json');
        if (type === 'ping')
          return res.end(JSON.stringify({ type: 'pong', protocol_version: '1', time: Date.now() / 1000 }));
        if (type === 'tool.invoke') return res.end(JSON.stringify({ type: 'result', output: { ok: true } }));
        return res.end(CATALOG);
      case 'hang':
        return; // Never answers; the client's timeout must end it.
      case 'huge': {
        res.setHeader('content-type', 'application/json');
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        for (let i = 0; i < 6; i++) res.write(chunk);
        return res.end();
      }
      case 'reset':
        return req.socket.destroy();
      case 'redirect':
        res.statusCode = 302;
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data');
        return res.end();
      case 'rate-limit':
        res.statusCode = 429;
        res.setHeader('retry-after', '120');
        return res.end('slow down');
      case 'deep-json':
        res.setHeader('content-type', 'application/json');
        return res.end(DEEP_JSON);
      case 'not-json':
        res.setHeader('content-type', 'text/html');
        return res.end('<html><body>Bad gateway</body></html>');
      case 'drip': {
        res.setHeader('content-type', 'application/json');
        res.write('{');
        const t = setInterval(() => res.write(' '), 40);
        timers.add(t);
        res.on('close', () => clearInterval(t));
        return;
      }
    }
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks)));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/connector`;
  return state;
}

/** A connector that answers every request with `answer` as JSON; tests set the answer before each call. */
export interface FixedAnswerServer {
  url: string;
  answer: string;
  close(): Promise<void>;
}

export async function startFixedAnswer(): Promise<FixedAnswerServer> {
  const fixed = { answer: '' } as FixedAnswerServer;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(fixed.answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fixed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/service`;
  fixed.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fixed;
}
