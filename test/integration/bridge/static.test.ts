// Browser mode's UI files as a browser gets them: compressed (brotli, else gzip) when asked, hashed
// assets cached for good, the page revalidated every time, each file compressed once.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../../src/engine/event-hub.ts';
import { startBrowserServer } from '../../../src/bridge/http-server.ts';
import type { BrowserServer } from '../../../src/bridge/http-server.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, path: string, acceptEncoding?: string, cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
    if (cookie) headers.cookie = cookie;
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode static files', () => {
  let dir: string;
  let server: BrowserServer;
  const script = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{"id":${i},"name":"row ${i}"}`).join(',')}];\n`;
  const asset = '/assets/index-Bx3k9_Qa.js';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-static-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(
      join(dir, 'index.html'),
      `<!doctype html><title>ui</title>${'<p>testbench</p>'.repeat(50)}`,
    );
    await writeFile(join(dir, asset), script);
    server = await startBrowserServer({
      dispatch: async () => ({ ok: true, data: null }),
      events: new EventHub(),
      staticDir: dir,
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers brotli to a browser that accepts it, and the bytes decode to the file', async () => {
    const res = await get(server.port, asset, 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(script);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers gzip when brotli is not accepted, and the file as is when nothing is', async () => {
    const gz = await get(server.port, asset, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(script);
    const plain = await get(server.port, asset, '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });

  it('caches hashed assets for a year as immutable, and revalidates the page every time', async () => {
    expect((await get(server.port, asset, 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html']) {
      const page = await get(server.port, path, 'br', `ctb_session_${server.port}=${server.token}`);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends a page path (an old platform route) to the hash route the app maps', async () => {
    const page = await get(
      server.port,
      '/app/organization/sdk-connections',
      'br',
      `ctb_session_${server.port}=${server.token}`,
    );
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/#/app/organization/sdk-connections');
  });

  it('compresses a file once: later requests get the bytes prepared for the first', async () => {
    const first = await get(server.port, asset, 'br');
    // A hashed file never changes under its name; the server does not read or compress it again.
    await writeFile(join(dir, asset), 'changed');
    const again = await get(server.port, asset, 'br');
    expect(again.body.equals(first.body)).toBe(true);
  });
});
