// The engine over a real data folder: what it creates, what survives a restart (seed, key, tokens),
// the ':memory:' engine, the default data folder, and a platform server that binds 127.0.0.1 and stops.

import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, defaultDataDir } from '../../../src/engine/index.ts';
import type { Engine } from '../../../src/engine/index.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-engine-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function open(
  dataDir: string,
  options: Parameters<typeof createEngine>[0] extends infer O ? Partial<O> : never = {},
): Promise<Engine> {
  const engine = await createEngine({ dataDir, ...options });
  cleanups.push(() => engine.close());
  return engine;
}

async function login(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

describe('createEngine', () => {
  it('creates the folder, its database and a private key file, and seeds once with a generated password', async () => {
    const dir = join(await tempDir(), 'nested', 'data');
    const engine = await open(dir);
    expect(engine.dataDir).toBe(dir);
    expect(existsSync(join(dir, 'testbench.sqlite'))).toBe(true);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(engine.seedInfo.created).toBe(true);
    expect(engine.seedInfo.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(
      engine.platform.users
        .list()
        .map((u) => u.role)
        .sort(),
    ).toEqual(['admin', 'member', 'owner']);
  });

  it('keeps users, password and tokens across a restart of the same folder', async () => {
    const dir = await tempDir();
    const first = await createEngine({ dataDir: dir, seedPassword: 'first-password' });
    const server = await first.startPlatformServer();
    const { token } = (await (await login(server.url, 'owner@example.test', 'first-password')).json()) as {
      token: string;
    };
    await first.close();

    const second = await open(dir, { seedPassword: 'another-password' });
    expect(second.seedInfo).toEqual({ created: false, password: null });
    const again = await second.startPlatformServer();
    expect((await login(again.url, 'owner@example.test', 'another-password')).status).toBe(401);
    expect((await login(again.url, 'owner@example.test', 'first-password')).status).toBe(200);
    // The JWT key derives from the folder's key, so a token from before the restart still opens the API.
    const workspaces = await fetch(`${again.url}/api/v1/org/workspaces`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(workspaces.status).toBe(200);
  });

  it('refuses tokens of another data folder', async () => {
    const a = await open(await tempDir(), { seedPassword: 'password-a' });
    const b = await open(await tempDir(), { seedPassword: 'password-a' });
    const sa = await a.startPlatformServer();
    const sb = await b.startPlatformServer();
    const { token } = (await (await login(sa.url, 'owner@example.test', 'password-a')).json()) as {
      token: string;
    };
    const answer = await fetch(`${sb.url}/api/v1/org/workspaces`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
  });

  it('refuses to open a folder whose key file other users can read', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'secret.key'), 'ab'.repeat(32), { mode: 0o644 });
    await expect(createEngine({ dataDir: dir })).rejects.toThrow(/chmod 600/);
  });

  it('runs in memory, seeded with the given plan, and leaves no upload folder behind on close', async () => {
    const before = (await readdir(tmpdir())).filter((f) => f.startsWith('ctb-documents-')).length;
    const engine = await createEngine({ dataDir: ':memory:', plan: 'free', seedPassword: 'memory-password' });
    expect(engine.dataDir).toBeNull();
    expect(engine.platform.organization().plan).toBe('free');
    await engine.close();
    await engine.close();
    expect((await readdir(tmpdir())).filter((f) => f.startsWith('ctb-documents-')).length).toBe(before);
  });
});

describe('startPlatformServer', () => {
  it('binds 127.0.0.1 on a free port by default and stops with the engine', async () => {
    const engine = await createEngine({ dataDir: ':memory:' });
    const server = await engine.startPlatformServer();
    expect(server.host).toBe('127.0.0.1');
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    await engine.close();
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    await expect(engine.startPlatformServer()).rejects.toThrow('closed');
  });
});

describe('defaultDataDir', () => {
  it('takes CTB_DATA_DIR, else ~/.connector-testbench', () => {
    expect(defaultDataDir({ CTB_DATA_DIR: '/srv/ctb' })).toBe('/srv/ctb');
    expect(defaultDataDir({ CTB_DATA_DIR: '  ' })).toBe(join(homedir(), '.connector-testbench'));
    expect(defaultDataDir({})).toBe(join(homedir(), '.connector-testbench'));
  });
});
