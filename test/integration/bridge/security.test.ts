// Browser mode's doors: the per-launch token, the loopback Host (DNS rebinding), the same-origin
// Origin, on the API, the event stream and the static files, against a real server and engine.

import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { startBrowserServer } from '../../../src/bridge/http-server.ts';
import type { BrowserServer } from '../../../src/bridge/http-server.ts';

import { send, sendRaw, twoHosts } from './raw-http.ts';

describe('browser-mode security', () => {
  let dataDir: string;
  let backend: Backend;
  let server: BrowserServer;
  let staticDir: string;
  const call = (headers: Record<string, string>, method = 'app:get-info') =>
    send(server.port, `/api/call/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '',
    });
  const good = () => ({ host: `127.0.0.1:${server.port}`, 'x-ctb-token': server.token });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ctb-sec-'));
    staticDir = join(dataDir, 'renderer');
    await mkdir(staticDir);
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>ui</title>');
    await writeFile(join(dataDir, 'outside.txt'), 'must not be served');
    backend = await openBackend({
      dataDir,
      mode: 'browser',
      version: 'test',
      seedPassword: 'security-pass-1',
      platformServer: false,
    });
    server = await startBrowserServer({ dispatch: backend.dispatch, events: backend.hub, staticDir });
  });
  afterAll(async () => {
    await server?.close();
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints a loopback URL carrying a 32-byte base64url token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(Buffer.from(server.token, 'base64url')).toHaveLength(32);
  });

  it('accepts the right token from the loopback names', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`]) {
      const res = await call({ ...good(), host, origin: `http://${host}` });
      expect(res.status, host).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ ok: true, data: { mode: 'browser' } });
    }
  });

  it('answers 400 to a request with two Host headers, on the API and the page alike', async () => {
    expect(
      await sendRaw(server.port, twoHosts(server.port, '/api/events?token=' + server.token, server.token)),
    ).toBe(400);
    expect(await sendRaw(server.port, twoHosts(server.port, '/', server.token))).toBe(400);
    // The same request with one Host is served: the refusal is for the second header alone.
    const one = twoHosts(server.port, '/', server.token).filter((l) => !l.includes('evil'));
    expect(await sendRaw(server.port, one)).toBe(200);
  });

  it('refuses a missing token with 403', async () => {
    const res = await call({ host: `127.0.0.1:${server.port}` });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'invalid_token' } });
  });

  it('refuses a wrong token with 403, also one that shares the right prefix', async () => {
    for (const token of ['nope', server.token.slice(0, -1), `${server.token}x`]) {
      const res = await call({ host: `127.0.0.1:${server.port}`, 'x-ctb-token': token });
      expect(res.status).toBe(403);
    }
  });

  it('refuses the token in the query string of an API call (it would leak in logs and history)', async () => {
    const res = await send(server.port, `/api/call/app:get-info?token=${server.token}`, {
      method: 'POST',
      headers: { host: `127.0.0.1:${server.port}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a foreign Origin even with the right token', async () => {
    for (const origin of [
      'https://evil.example',
      `http://evil.example:${server.port}`,
      'null',
      `http://127.0.0.1:${server.port + 1}`,
    ]) {
      const res = await call({ ...good(), origin });
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('forbidden_origin');
    }
  });

  it('refuses a foreign Host (DNS rebinding) even with the right token', async () => {
    for (const host of [
      `evil.example:${server.port}`,
      'evil.example',
      `127.0.0.1:${server.port + 1}`,
      `127.0.0.1.evil.example:${server.port}`,
    ]) {
      const res = await call({ ...good(), host });
      expect(res.status, host).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('forbidden_host');
    }
  });

  it('serves the page only to a loopback Host, with the security headers', async () => {
    const page = await send(server.port, '/', {
      headers: { host: `127.0.0.1:${server.port}`, cookie: `ctb_session_${server.port}=${server.token}` },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>ui</title>');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const rebound = await send(server.port, '/', { headers: { host: `evil.example:${server.port}` } });
    expect(rebound.status).toBe(403);
  });

  it('trades the printed token for an HttpOnly SameSite=Strict cookie and the clean address', async () => {
    const host = `127.0.0.1:${server.port}`;
    const first = await send(server.port, `/app/business-tools?token=${server.token}&x=1`, {
      headers: { host },
    });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/app/business-tools?x=1');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`ctb_session_${server.port}=${server.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const jar = cookie.split(';')[0];
    expect((await send(server.port, '/', { headers: { host, cookie: jar } })).status).toBe(200);
    const api = await send(server.port, '/api/call/app:get-info', {
      method: 'POST',
      headers: { host, cookie: jar, 'content-type': 'application/json' },
    });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body).ok).toBe(true);
  });

  it('shows only how to open the app to a browser without a session, and refuses a wrong token', async () => {
    const host = `127.0.0.1:${server.port}`;
    const bare = await send(server.port, '/', { headers: { host } });
    expect(bare.status).toBe(401);
    expect(bare.body).toContain('ctb serve');
    expect(bare.body).not.toContain('<script');
    const stale = await send(server.port, '/', {
      headers: { host, cookie: `ctb_session_${server.port}=old` },
    });
    expect(stale.status).toBe(401);
    const wrong = await send(server.port, '/?token=wrong', { headers: { host } });
    expect(wrong.status).toBe(403);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const api = await send(server.port, '/api/call/app:get-info', {
      method: 'POST',
      headers: { host, cookie: `ctb_session_${server.port}=old`, 'content-type': 'application/json' },
    });
    expect(api.status).toBe(403);
  });

  it('never serves a file outside the UI folder', async () => {
    for (const path of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%2foutside.txt',
      '/%2e%2e%5coutside.txt',
    ]) {
      const res = await send(server.port, path, { headers: { host: `127.0.0.1:${server.port}` } });
      expect(res.body, path).not.toContain('must not be served');
    }
  });

  it('opens the event stream only with the token in its URL', async () => {
    const host = `127.0.0.1:${server.port}`;
    const refused = await send(server.port, '/api/events', {
      headers: { host, 'x-ctb-token': server.token },
      readFor: 200,
    });
    expect(refused.status).toBe(403);
    const rebound = await send(server.port, `/api/events?token=${server.token}`, {
      headers: { host: `evil.example:${server.port}` },
      readFor: 200,
    });
    expect(rebound.status).toBe(403);
    setTimeout(() => backend.hub.emit('connections:changed', { id: 'conn_42' }), 100);
    const stream = await send(server.port, `/api/events?token=${server.token}`, {
      headers: { host },
      readFor: 400,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.body).toContain('data: {"event":"connections:changed","payload":{"id":"conn_42"}}');
  });

  it('refuses a body that is not JSON, or too large', async () => {
    const form = await send(server.port, '/api/call/app:get-info', {
      method: 'POST',
      headers: { ...good(), 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(form.status).toBe(415);
    const broken = await send(server.port, '/api/call/org:set-plan', {
      method: 'POST',
      headers: { ...good(), 'content-type': 'application/json' },
      body: '{"plan":',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).error.code).toBe('invalid_json');
    const huge = await send(server.port, '/api/call/org:set-plan', {
      method: 'POST',
      headers: { ...good(), 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
  });

  it('takes back a 12 MB History file, as large as the app exports, through history:import', async () => {
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'test', version: '1' },
        entries: [
          {
            startedDateTime: new Date().toISOString(),
            request: { method: 'POST', url: 'http://127.0.0.1:9/service', headers: [] },
            response: { status: 200, headers: [], content: { text: 'a'.repeat(12 * 1024 * 1024) } },
          },
        ],
      },
    };
    const res = await send(server.port, '/api/call/history:import', {
      method: 'POST',
      headers: { ...good(), 'content-type': 'application/json' },
      body: JSON.stringify({ content: JSON.stringify(har) }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, data: { imported: 1 } });
  });
});

describe('browser mode on another interface', () => {
  it('answers to the address it was given with --host', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ctb-sec-host-'));
    const backend = await openBackend({
      dataDir,
      mode: 'browser',
      version: 'test',
      seedPassword: 'security-pass-1',
      platformServer: false,
    });
    const server = await startBrowserServer({
      dispatch: backend.dispatch,
      events: backend.hub,
      staticDir: null,
      host: '127.0.0.2',
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/\?token=/);
      const answer = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.2',
            port: server.port,
            path: '/api/call/org:get',
            method: 'POST',
            headers: {
              host: `127.0.0.2:${server.port}`,
              'content-type': 'application/json',
              'x-ctb-token': server.token,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer).toBe(200);
    } finally {
      await server.close();
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
