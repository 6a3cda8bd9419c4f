// The `ctb` a user gets from the npm tarball: packed and installed once into a fresh folder, then
// run with type stripping switched off, so only compiled JavaScript can pass.

import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, packAndInstall, ROOT_VERSION } from './install.ts';
import type { Installed } from './install.ts';

let installed: Installed & { release(): Promise<void> };
const servers: ChildProcessWithoutNullStreams[] = [];

function env(): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CTB_')) clean[k] = v;
  return clean;
}

function start(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--no-experimental-strip-types', installed.bin, ...args], {
    cwd: installed.project,
    env: env(),
  });
  servers.push(child);
  return child;
}

function ctb(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = start(args);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

/** Starts a long-running command and resolves with its output once `ready` matches it. */
function serve(args: string[], ready: RegExp): Promise<string> {
  const child = start(args);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (d: string) => {
      output += d;
      if (ready.test(output)) resolve(output);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`ctb ${args.join(' ')} exited (${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  installed = await packAndInstall();
}, 600_000);

afterAll(async () => {
  for (const child of servers) if (child.exitCode === null) child.kill('SIGKILL');
  // The install holds every dependency: tens of megabytes per run.
  await installed?.release();
});

// Servers start and conformance runs in child processes: slow on a busy two-core machine.
describe('the installed ctb package', { timeout: 60_000 }, () => {
  it('ships the compiled CLI and the UI bundles, and no TypeScript sources', async () => {
    const files = await listFiles(installed.packageDir);
    expect(files).toContain('out/cli/index.js');
    expect(files).toContain('out/renderer/index.html');
    expect(files).toContain('out/main/index.js');
    expect(files).toContain('out/preload/index.cjs');
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('prints the package version with --version', async () => {
    const run = await ctb(['--version']);
    expect(run).toMatchObject({ code: 0, stdout: `${ROOT_VERSION}\n`, stderr: '' });
  });

  it('serves a connector that answers a signed ping, and passes conformance', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ctb-installed-'));
    const output = await serve(['connector', 'serve', '--port', '0', '--data-dir', dataDir], /Ctrl-C/);
    const url = /^url\s+(http:\/\/\S+)/m.exec(output)?.[1];
    const secret = /export CTB_SECRET=(whsec_[0-9a-f]{64})/.exec(output)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/service$/);
    expect(secret).toBeDefined();

    const ping = await ctb(['ping', '--url', url!, '--secret', secret!]);
    expect(ping.code).toBe(0);
    expect(ping.stdout).toContain('"type": "pong"');

    const conformance = await ctb(['conformance', '--url', url!, '--secret', secret!]);
    expect(conformance.stderr).toBe('');
    expect(conformance.code).toBe(0);
  });

  it('serves the browser UI: prints a tokened URL whose page loads', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ctb-installed-ui-'));
    const output = await serve(
      ['serve', '--no-open', '--port', '0', '--data-dir', dataDir, '--seed-password', 'installed-check'],
      /Ctrl\+C/,
    );
    const url = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output)?.[1];
    expect(url).toBeDefined();
    // As a browser does: the tokened URL sets the session cookie and redirects to the clean page.
    const first = await fetch(url!, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const cookie = first.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^ctb_session_\d+=/);
    const page = await fetch(new URL(first.headers.get('location') ?? '/', url!), { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<script type="module"[^>]*src="[^"]+\.js"/);
  });

  it('stops quietly when its standard output is already closed (ctb explain | head)', async () => {
    const child = start(['explain', '--help']);
    // Closed before the CLI writes a byte: its first write fails with EPIPE, deterministically.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stderr).toBe('');
    expect([0, 141]).toContain(code);
  });

  it('depends on the SDK by a version range, the way the registry resolves it', async () => {
    const manifest = JSON.parse(await readFile(join(installed.packageDir, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@connector-testbench/sdk']).toBe('^0.1.0');
    const sdk = JSON.parse(await readFile(join(installed.sdkDir, 'package.json'), 'utf8'));
    expect(sdk.version).toMatch(/^0\.1\.\d+$/);
    // A real folder from the tarball, not a link back into the workspace.
    expect((await lstat(installed.sdkDir)).isSymbolicLink()).toBe(false);
  });

  it('has no src/ folder, so bin/ctb.js can only have run the build', () => {
    expect(existsSync(join(installed.packageDir, 'src'))).toBe(false);
  });
});
