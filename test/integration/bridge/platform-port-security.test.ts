// The mock platform API port that browser mode opens beside its UI: the same launch token, loopback
// Host and Origin checks as the UI port, answered in the platform's own error shape.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { send, sendRaw, twoHosts } from './raw-http.ts';

describe('the mock platform API beside browser mode', () => {
  let dataDir: string;
  let backend: Backend;
  let port: number;
  const get = (headers: Record<string, string>) => send(port, '/openapi.json', { headers });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ctb-sec-platform-'));
    backend = await openBackend({
      dataDir,
      mode: 'browser',
      version: 'test',
      seedPassword: 'security-pass-1',
    });
    port = Number(new URL(backend.platformUrl!).port);
  });
  afterAll(async () => {
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers with the launch token from a loopback Host', async () => {
    const res = await get({ host: `127.0.0.1:${port}`, 'x-ctb-token': backend.token });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveProperty('openapi');
  });

  it('refuses a request without the launch token, or with a wrong one', async () => {
    for (const token of [undefined, backend.token.slice(0, -1) + 'x']) {
      const res = await get({ host: `127.0.0.1:${port}`, ...(token ? { 'x-ctb-token': token } : {}) });
      expect(res.status).toBe(403);
      // The platform's own error shape (decisions.md 3), as its /openapi.json documents it.
      expect(JSON.parse(res.body)).toMatchObject({ error: 'invalid_token' });
    }
  });

  it('refuses a rebinding Host and a foreign Origin even with the token', async () => {
    const host = await get({ host: `evil.example:${port}`, 'x-ctb-token': backend.token });
    expect(JSON.parse(host.body)).toMatchObject({ error: 'forbidden_host' });
    const origin = await get({
      host: `127.0.0.1:${port}`,
      origin: 'http://evil.example',
      'x-ctb-token': backend.token,
    });
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.body)).toMatchObject({ error: 'forbidden_origin' });
  });

  it('answers 400 to two Host headers', async () => {
    expect(await sendRaw(port, twoHosts(port, '/openapi.json', backend.token))).toBe(400);
  });
});
