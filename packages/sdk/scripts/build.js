// Builds the SDK to JavaScript twice, ESM (dist/esm) and CommonJS (dist/cjs), each with .d.ts, so
// `import` and `require` both load plain JavaScript without Node's require(esm) or type stripping.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');

rmSync(join(root, 'dist'), { recursive: true, force: true });
for (const project of ['tsconfig.json', 'tsconfig.cjs.json']) {
  const run = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`sdk build: tsc -p ${project} failed\n`);
    process.exit(run.status ?? 1);
  }
}
// dist/cjs sits under this "type": "module" package: its own package.json marks its files CommonJS.
writeFileSync(join(root, 'dist/cjs/package.json'), '{ "type": "commonjs" }\n');
