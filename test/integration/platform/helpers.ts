// Test fixtures for the mock platform: a platform over a real SQLite file in a temp folder, and
// raw node:http servers on 127.0.0.1 that misbehave on purpose.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';
import { createPlatform, FileKeyProvider } from '../../../src/platform/index.ts';
import type { Platform, PlatformOptions } from '../../../src/platform/index.ts';

export interface TestPlatform {
  platform: Platform;
  db: Db;
  history: History;
  dir: string;
  dbFile: string;
  /** Every wait the manager asked for, in ms. */
  sleeps: number[];
  cleanup(): Promise<void>;
}

export async function makePlatform(
  options: Partial<PlatformOptions> = {},
  dir?: string,
): Promise<TestPlatform> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'ctb-platform-')));
  const dbFile = join(folder, 'testbench.db');
  const db = openDatabase(dbFile);
  const history = new History(db);
  const sleeps: number[] = [];
  const platform = createPlatform({
    db,
    history,
    keyProvider: new FileKeyProvider(folder),
    dataDir: folder,
    seedPassword: 'correct horse battery',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return {
    platform,
    db,
    history,
    dir: folder,
    dbFile,
    sleeps,
    async cleanup() {
      await platform.close();
      if (db.open) db.close();
      if (!dir) await rm(folder, { recursive: true, force: true });
    },
  };
}

export type RawHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export interface RawServer {
  url: string;
  server: Server;
  /** Requests received, in order. */
  requests: Array<{ headers: IncomingMessage['headers']; body: Buffer }>;
  close(): Promise<void>;
}

/** A raw node:http server whose handler decides per request (count = 1-based request number). */
export async function rawServer(handler: (count: number) => RawHandler): Promise<RawServer> {
  const requests: RawServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ headers: req.headers, body });
      handler(requests.length)(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/service`,
    server,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof value === 'string' ? value : JSON.stringify(value));
}

export const pong = () => ({ type: 'pong', protocol_version: '1', time: Math.floor(Date.now() / 1000) });
