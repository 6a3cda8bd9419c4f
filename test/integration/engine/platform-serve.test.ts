// `ctb platform serve` end to end in a child process: start on a free port, log in with the seed
// password, list workspaces, stop on SIGINT/SIGTERM; the generated password shows once; bad flags exit 2.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { runCtb, startCtb } from '../cli/run-ctb.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-serve-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface Serving {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string }>;
}

async function serve(args: string[], env: Record<string, string> = {}): Promise<Serving> {
  const child = startCtb(['platform', 'serve', '--port', '0', ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    const check = () => (stdout.includes('(Ctrl-C stops)') ? resolve() : undefined);
    child.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`ctb exited with ${code} before serving: ${stderr}`)));
  });
  const url = /^url\s+(http:\/\/\S+)$/m.exec(stdout)![1];
  return {
    child,
    url,
    stdout: () => stdout,
    async stop(signal) {
      child.kill(signal);
      return { code: await exited, stdout };
    },
  };
}

async function login(url: string, password: string): Promise<{ status: number; token?: string }> {
  const r = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@example.test', password }),
  });
  return { status: r.status, token: ((await r.json()) as { token?: string }).token };
}

describe('ctb platform serve', () => {
  it('serves the API with the seed password until SIGINT, then exits 0', async () => {
    const dir = await tempDir();
    const s = await serve(['--data-dir', dir, '--seed-password', 'cli-seed-password']);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.stdout()).toContain(dir);
    expect(s.stdout()).toContain('(from --seed-password)');
    expect(s.stdout()).not.toContain('cli-seed-password');
    const { status, token } = await login(s.url, 'cli-seed-password');
    expect(status).toBe(200);
    const ws = await fetch(`${s.url}/api/v1/org/workspaces`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await ws.json()) as { items: Array<{ name: string }> }).items.map((w) => w.name)).toEqual([
      'Default',
      'Sales',
    ]);
    const stopped = await s.stop('SIGINT');
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('stopped (SIGINT)');
  });

  it('prints a generated password once, for the run that created the folder, and takes CTB_SEED_PASSWORD', async () => {
    const dir = await tempDir();
    const first = await serve(['--data-dir', dir]);
    const password = /^password\s+(\S+)\s+# generated/m.exec(first.stdout())![1];
    expect((await login(first.url, password)).status).toBe(200);
    expect((await first.stop('SIGTERM')).code).toBe(0);

    const second = await serve(['--data-dir', dir, '--plan', 'free']);
    expect(second.stdout()).not.toContain(password);
    expect(second.stdout()).toMatch(/^plan\s+free$/m);
    expect((await login(second.url, password)).status).toBe(200);
    await second.stop('SIGTERM');

    const fromEnv = await serve(['--data-dir', await tempDir()], { CTB_SEED_PASSWORD: 'env-seed-password' });
    expect(fromEnv.stdout()).toContain(`(from CTB_SEED_PASSWORD)`);
    expect((await login(fromEnv.url, 'env-seed-password')).status).toBe(200);
  }, 60_000); // three servers one after another: room for a busy machine

  it('exits 2 with one line for a bad port, SSRF mode, plan or short password', async () => {
    const cases: Array<[string[], string]> = [
      [['--port', '70000'], '--port must be at most 65535'],
      [['--port', 'http'], '--port expects a whole number'],
      [['--ssrf', 'lenient'], '--ssrf expects strict or dev'],
      [['--plan', 'gold'], '--plan expects free or premium'],
      [['--seed-password', 'short'], '--seed-password must be at least 8 characters'],
    ];
    for (const [args, message] of cases) {
      const run = await runCtb(['platform', 'serve', ...args]);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toContain(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('exits 1 when the port is taken', async () => {
    const dir = await tempDir();
    const s = await serve(['--data-dir', dir, '--seed-password', 'cli-seed-password']);
    const port = new URL(s.url).port;
    const run = await runCtb([
      'platform',
      'serve',
      '--port',
      port,
      '--data-dir',
      await tempDir(),
      '--seed-password',
      'cli-seed-password',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`port ${port} is already in use`);
  }, 40_000); // two processes, one after the other

  it('gives browser mode (ctb serve) the same exit 1 when its port is taken', async () => {
    const dir = await tempDir();
    const s = await serve(['--data-dir', dir, '--seed-password', 'cli-seed-password']);
    const port = new URL(s.url).port;
    const run = await runCtb([
      'serve',
      '--no-open',
      '--port',
      port,
      '--data-dir',
      await tempDir(),
      '--seed-password',
      'cli-seed-password',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringContaining(`port ${port} is already in use`),
    ]);
  });
});
