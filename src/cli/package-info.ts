// Where the connector-testbench package lives and its version, found by walking up from this file:
// the same answer from the TypeScript sources, the compiled out/cli chunks and an installed copy.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'connector-testbench';

interface PackageJson {
  name?: string;
  version?: string;
}

let found: { root: string; manifest: PackageJson } | undefined;

function readManifest(dir: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  } catch {
    return undefined;
  }
}

function locate(): { root: string; manifest: PackageJson } {
  if (found) return found;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = readManifest(dir);
    if (manifest?.name === PACKAGE_NAME) return (found = { root: dir, manifest });
    // A bundler may rename files but never moves them out of the package: reaching / is a broken install.
    if (dirname(dir) === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package.json above ${start}`);
  }
}

/** The folder holding package.json, out/ and resources/ (the checkout or node_modules/connector-testbench). */
export function packageRoot(): string {
  return locate().root;
}

export function packageVersion(): string {
  return locate().manifest.version ?? '0.0.0';
}
