// The SDK the way it is published (npm pack, its prepack builds it), installed from the tarball in a
// fresh temporary project (the run's shared one), so tests load exactly what `npm install` gives.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as SdkModule from '@connector-testbench/sdk';
import { packAndInstall, REPO } from '../packaging/install.ts';

const run = promisify(execFile);
export { REPO };

export type Sdk = typeof SdkModule;

export interface PackedSdk {
  /** A folder of its own inside the temporary project the tarballs are installed in. */
  dir: string;
  /** The installed package's folder. */
  sdkDir: string;
  /** The package's ESM entry, loaded the way `import` resolves it in that project. */
  esm: Sdk;
  /** Writes `file` into the project, runs it with `node` (and `flags`), and returns its stdout. */
  node(file: string, source: string, flags?: string[]): Promise<string>;
  cleanup(): Promise<void>;
}

export async function installPackedSdk(): Promise<PackedSdk> {
  // The run's shared pack and install of both packages (the SDK's prepack builds dist/ first).
  const installed = await packAndInstall();
  try {
    // A folder of this file's own inside the project: node and tsc resolve the SDK by walking up.
    // Its package.json has no "type", so .ts and .js files here are CommonJS, as in many projects.
    const app = await mkdtemp(join(installed.project, 'sdk-consumer-'));
    await writeFile(join(app, 'package.json'), '{ "name": "sdk-consumer", "private": true }\n');
    // Read from the installed manifest, not resolved: this test process may run with extra
    // export conditions of its own (the workspace's source condition among them).
    const manifest = JSON.parse(await readFile(join(installed.sdkDir, 'package.json'), 'utf8'));
    const esm = (await import(
      pathToFileURL(join(installed.sdkDir, manifest.exports['.'].import.default)).href
    )) as Sdk;
    return {
      dir: app,
      sdkDir: installed.sdkDir,
      esm,
      async node(file, source, flags = []) {
        await writeFile(join(app, file), source);
        const { stdout } = await run(process.execPath, [...flags, file], { cwd: app });
        return stdout;
      },
      cleanup: async () => {
        await rm(app, { recursive: true, force: true });
        await installed.release();
      },
    };
  } catch (error) {
    await installed.release();
    throw error;
  }
}

/** A port free a moment ago: the README's servers take a number, not port 0 and a report of it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
