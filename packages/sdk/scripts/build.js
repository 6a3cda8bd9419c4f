// Builds the SDK to JavaScript twice, ESM (dist/esm) and CommonJS (dist/cjs), each with .d.ts, so
// `import` and `require` both load plain JavaScript without Node's require(esm) or type stripping.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');

// Built beside dist/ and swapped in at the end: tests and a checkout's `ctb` load dist/ while a
// pack rebuilds it, and must never find it half-written or missing for the seconds tsc takes.
const next = join(root, `dist.next-${process.pid}`);
const outDirs = { 'tsconfig.json': 'esm', 'tsconfig.cjs.json': 'cjs' };
rmSync(next, { recursive: true, force: true });
for (const [project, out] of Object.entries(outDirs)) {
  const args = [tsc, '-p', project, '--outDir', join(next, out)];
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    process.stderr.write(`sdk build: tsc -p ${project} failed\n`);
    process.exit(run.status ?? 1);
  }
}
// dist/cjs sits under this "type": "module" package: its own package.json marks its files CommonJS.
writeFileSync(join(next, 'cjs/package.json'), '{ "type": "commonjs" }\n');
const old = join(root, `dist.old-${process.pid}`);
if (existsSync(join(root, 'dist'))) renameSync(join(root, 'dist'), old);
renameSync(next, join(root, 'dist'));
rmSync(old, { recursive: true, force: true });
