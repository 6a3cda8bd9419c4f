// Packs the root package and packages/sdk with `npm pack`, the way a release is made, and installs the
// tarballs together into a fresh project as if both were published: once per test run, shared.

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);
export const REPO = resolve(import.meta.dirname, '../../..');
export const ROOT_VERSION = (
  JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }
).version;

/** npm's own output is noise here; its failures still reject with stderr attached. */
async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args, '--loglevel', 'error'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
  });
  return stdout;
}

/** `npm pack` of one package folder (its prepack builds it) into a new folder under `work`. */
export async function pack(folder: string, work: string): Promise<string> {
  // stdout mixes prepack's build output with npm's, so the tarball is found in its own folder.
  const dest = await mkdtemp(join(work, 'tgz-'));
  await npm(['pack', '--pack-destination', dest], folder);
  const [tarball] = (await readdir(dest)).filter((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack in ${folder} produced no tarball`);
  return join(dest, tarball);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `fn` while no other test of this checkout rebuilds out/: `npm pack` (its prepack) and the
 * desktop packaging both rebuild and read it, and vitest runs the two files side by side.
 */
export async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  const id = createHash('sha256').update(REPO).digest('hex').slice(0, 12);
  const lock = join(tmpdir(), `ctb-build-lock-${id}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const owner = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
      // A crashed holder's lock is taken over; a live one (or one still writing its pid) is waited for.
      if (owner > 0 && !alive(owner)) await rm(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    await writeFile(join(lock, 'pid'), String(process.pid));
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export interface Installed {
  /** The folder holding the tarballs and the project; removed when the test run ends. */
  work: string;
  /** The fresh customer project: both tarballs, plus express and fastify from the registry. */
  project: string;
  /** node_modules/connector-testbench. */
  packageDir: string;
  /** node_modules/@connector-testbench/sdk. */
  sdkDir: string;
  /** The `ctb` that npm linked into node_modules/.bin. */
  bin: string;
  tarballs: string[];
}

async function packAndInstallInto(work: string): Promise<Installed> {
  const sdk = join(REPO, 'packages/sdk');
  const tarballs = await withBuildLock(async () => [await pack(REPO, work), await pack(sdk, work)]);

  const project = join(work, 'project');
  await mkdir(project);
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'ctb-install-check', version: '1.0.0', private: true }),
  );
  // One command, as a customer's project would: npm satisfies the root's `^0.1.0` SDK range with
  // the SDK tarball beside it, and the web frameworks come from the registry like any dependency.
  await npm(['install', '--no-audit', '--prefer-offline', ...tarballs, 'express@^5', 'fastify@^5'], project);
  return {
    work,
    project,
    packageDir: join(project, 'node_modules/connector-testbench'),
    sdkDir: join(project, 'node_modules/@connector-testbench/sdk'),
    bin: join(project, 'node_modules/.bin/ctb'),
    tarballs,
  };
}

/** The run's shared folder (see shared-install-setup.ts), or undefined outside that setup. */
function runFolder(): string | undefined {
  try {
    return inject('ctbInstallFolder') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Packs both packages and installs them once per test run, whichever test file asks first; the
 * others wait for that install and share it (a pack and install costs a minute or two here).
 * Each caller writes its own files into a folder of its own inside `project`.
 * `release` removes the install only when this file made it outside the shared setup.
 */
export async function packAndInstall(): Promise<Installed & { release(): Promise<void> }> {
  const shared = runFolder();
  if (!shared) {
    const work = await mkdtemp(join(tmpdir(), 'ctb-pack-'));
    const installed = await packAndInstallInto(work);
    return { ...installed, release: () => rm(work, { recursive: true, force: true }) };
  }
  const done = join(shared, 'installed.json');
  const lock = join(shared, 'lock');
  for (;;) {
    if (existsSync(done)) {
      const installed = JSON.parse(await readFile(done, 'utf8')) as Installed;
      return { ...installed, release: async () => {} };
    }
    try {
      await mkdir(lock);
    } catch {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (!existsSync(done)) {
        const work = await mkdtemp(join(shared, 'work-'));
        await writeFile(done, JSON.stringify(await packAndInstallInto(work)));
      }
    } finally {
      // A failed install leaves no installed.json: the next waiter tries again and reports its own error.
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** Every file under `dir`, relative to it, with forward slashes (node_modules left out unless asked). */
export async function listFiles(dir: string, withNodeModules = false): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(dir.length + 1)
        .replaceAll('\\', '/'),
    )
    .filter((f) => withNodeModules || !f.startsWith('node_modules/'));
}
