// Vitest global setup: one temporary folder per test run, in which the first test file that needs
// the packed packages installs them and the others reuse that install (see install.ts).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    ctbInstallFolder: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Only a folder here: runs that never touch the packages pay nothing for them.
  const folder = await mkdtemp(join(tmpdir(), 'ctb-install-run-'));
  project.provide('ctbInstallFolder', folder);
  return () => rm(folder, { recursive: true, force: true });
}
