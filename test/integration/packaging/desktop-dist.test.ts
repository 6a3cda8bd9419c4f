// `npm run dist`'s packaging step for real, against a local Electron distribution holding a
// placeholder executable (the Electron binary cannot be downloaded here): the `dir` target, once.

import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, REPO, withBuildLock } from './install.ts';

const run = promisify(execFile);
// electron-builder brings @electron/asar; read with it, as Electron would read the archive.
const asar = createRequire(import.meta.url)('@electron/asar') as {
  listPackage(archive: string): string[];
  statFile(archive: string, file: string): { unpacked?: boolean };
  extractFile(archive: string, file: string): Buffer;
};

// Static imports and re-exports at the start of a line (as the bundler emits them), and import().
const IMPORTS =
  /^(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

let work = '';
let appDir = '';
let archive = '';
let inAsar: string[] = [];
let unpacked: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'ctb-dist-'));
  const electronDist = join(work, 'electron-dist');
  await mkdir(electronDist);
  await writeFile(join(electronDist, 'electron'), '#!/bin/sh\necho placeholder for the Electron binary\n');
  await chmod(join(electronDist, 'electron'), 0o755);

  const npmEnv = { ...process.env, npm_config_update_notifier: 'false' };
  const output = join(work, 'dist');
  await withBuildLock(async () => {
    await run('npm', ['run', 'build', '--loglevel', 'error'], { cwd: REPO, env: npmEnv, maxBuffer: 1 << 26 });
    await run(
      join(REPO, 'node_modules/.bin/electron-builder'),
      [
        '--linux',
        'dir',
        '--publish',
        'never',
        `-c.electronDist=${electronDist}`,
        `-c.directories.output=${output}`,
      ],
      { cwd: REPO, env: npmEnv, maxBuffer: 1 << 26 },
    );
  });
  appDir = join(output, 'linux-unpacked');
  archive = join(appDir, 'resources/app.asar');
  inAsar = asar.listPackage(archive).map((f) => f.replaceAll('\\', '/'));
  unpacked = await listFiles(join(appDir, 'resources/app.asar.unpacked'), true);
}, 600_000);

// A packaged app weighs hundreds of megabytes with a real Electron: never left in the temp folder.
afterAll(() => (work ? rm(work, { recursive: true, force: true }) : undefined));

describe('the packaged desktop app (linux dir target)', () => {
  it('names its executable after the app and keeps it executable', async () => {
    const exe = await stat(join(appDir, 'connector-testbench'));
    expect(exe.mode & 0o111).not.toBe(0);
  });

  it('holds the main, preload and renderer bundles and resources/ in app.asar', () => {
    for (const file of [
      '/out/main/index.js',
      '/out/main/history-worker.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/resources/connector-definition.schema.json',
      '/node_modules/better-sqlite3/lib/index.js',
      '/node_modules/fastify/package.json',
    ])
      expect(inAsar).toContain(file);
  });

  it('holds every package the main bundles import (the SDK workspace package among them)', () => {
    const bundles = inAsar.filter((f) => /^\/out\/main\/.*\.js$/.test(f));
    const packages = new Set<string>();
    for (const bundle of bundles) {
      const code = asar.extractFile(archive, bundle.slice(1)).toString('utf8');
      for (const match of code.matchAll(IMPORTS)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        if (specifier.startsWith('.') || specifier === 'electron' || isBuiltin(specifier)) continue;
        const parts = specifier.split('/');
        packages.add(parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
      }
    }
    expect(packages).toContain('@connector-testbench/sdk');
    const missing = [...packages].filter((name) => !inAsar.includes(`/node_modules/${name}/package.json`));
    expect(missing).toEqual([]);
    // The workspace package is a link in the checkout: its built entry points must be in the archive.
    const sdk = JSON.parse(
      asar.extractFile(archive, 'node_modules/@connector-testbench/sdk/package.json').toString('utf8'),
    ) as { exports: Record<string, { import?: { default: string } }> };
    for (const entry of ['.', './protocol']) {
      const file = sdk.exports[entry].import!.default.replace(/^\.\//, '');
      expect(inAsar).toContain(`/node_modules/@connector-testbench/sdk/${file}`);
    }
  });

  it('points Electron at the main bundle through the packed package.json', async () => {
    const manifest = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { main: string };
    expect(inAsar).toContain(`/${manifest.main.replace(/^\.\//, '')}`);
  });

  it('unpacks better-sqlite3 native binaries from the asar, where dlopen could not read them', () => {
    expect(unpacked).toContain('node_modules/better-sqlite3/prebuilds/linux-x64.node');
    // The archive's header marks them so Electron redirects reads to the unpacked folder.
    const natives = inAsar.filter((f) => f.endsWith('.node'));
    expect(natives.length).toBeGreaterThan(0);
    for (const file of natives) expect(asar.statFile(archive, file.slice(1)).unpacked).toBe(true);
  });

  it('leaves out sources, tests, the npm CLI build and the dev tooling', () => {
    const offenders = inAsar.filter((f) =>
      /^\/(src|test|bench|out\/cli)\/|^\/node_modules\/(electron|vite|vitest|typescript|electron-builder)\//.test(
        f,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
