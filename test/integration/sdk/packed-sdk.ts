// Packs the SDK the way it is published (npm pack, prepare builds it) and installs the tarball in
// a fresh temporary project, so tests load exactly what a customer's `npm install` gives.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as SdkModule from '@connector-testbench/sdk';

const run = promisify(execFile);
export const REPO = resolve(import.meta.dirname, '../../..');
const SDK_DIR = join(REPO, 'packages/sdk');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export type Sdk = typeof SdkModule;

export interface PackedSdk {
  /** The temporary project the tarball is installed in. */
  dir: string;
  /** The package's ESM entry, loaded the way `import` resolves it in that project. */
  esm: Sdk;
  /** Writes `file` into the project, runs it with `node` (and `flags`), and returns its stdout. */
  node(file: string, source: string, flags?: string[]): Promise<string>;
  cleanup(): Promise<void>;
}

export async function installPackedSdk(): Promise<PackedSdk> {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-sdk-pack-'));
  try {
    const packDir = join(dir, 'pack');
    await mkdir(packDir);
    // `prepare` builds dist/ before packing, as it does for a publish.
    await run(NPM, ['pack', '--silent', '--pack-destination', packDir], { cwd: SDK_DIR });
    const tarball = (await readdir(packDir)).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack left no tarball in ${packDir}`);
    const app = join(dir, 'app');
    await mkdir(app);
    await writeFile(join(app, 'package.json'), '{ "name": "sdk-consumer", "private": true }\n');
    await run(
      NPM,
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(packDir, tarball)],
      { cwd: app },
    );
    // Read from the installed manifest, not resolved: this test process may run with extra
    // export conditions of its own (the workspace's source condition among them).
    const installed = join(app, 'node_modules/@connector-testbench/sdk');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
    const esm = (await import(
      pathToFileURL(join(installed, manifest.exports['.'].import.default)).href
    )) as Sdk;
    return {
      dir: app,
      esm,
      async node(file, source, flags = []) {
        await writeFile(join(app, file), source);
        const { stdout } = await run(process.execPath, [...flags, file], { cwd: app });
        return stdout;
      },
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
