// Runs every benchmark in bench/ one after another (they must not share the 2 cores), each in its
// own process, and ends with one line per benchmark: passed its target, missed it, or could not run.
// Usage: node bench/run-all.ts [name ...]   (e.g. `signing history`); pass --full through to each.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NO_TARGET_EXIT } from './lib/measure.ts';

const here = dirname(fileURLToPath(import.meta.url));
const ALL = [
  'signing',
  'connector',
  'history',
  'invoke-overhead',
  'listen-proxy',
  'load-vs-autocannon',
  'host-script',
  'first-screen-size',
  'history-ui',
  'startup',
  'scenarios',
];
// These read the build (out/renderer, out/cli).
const NEEDS_BUILD = new Set(['first-screen-size', 'history-ui', 'startup']);
const args = process.argv.slice(2);
const passThrough = args.filter((a) => a.startsWith('--'));
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !ALL.includes(n));
if (unknown.length) {
  console.error(`bench: unknown benchmark(s) ${unknown.join(', ')}; known: ${ALL.join(', ')}`);
  process.exit(2);
}

const results: Array<[string, string]> = [];
for (const name of names.length ? names : ALL) {
  const file = join(here, `${name}.ts`);
  if (NEEDS_BUILD.has(name) && !existsSync(join(here, '..', 'out', 'renderer', 'index.html'))) {
    results.push([name, 'skipped: run `npm run build` first']);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, [file, ...passThrough], { stdio: 'inherit' });
  results.push([
    name,
    run.status === 0
      ? 'met its target'
      : run.status === 1
        ? 'MISSED its target'
        : run.status === NO_TARGET_EXIT
          ? 'no target (measured only)'
          : `could not run (exit ${run.status ?? run.signal})`,
  ]);
}
console.log('\n=== summary ===');
for (const [name, outcome] of results) console.log(`${name.padEnd(20)} ${outcome}`);
// Non-zero when any benchmark missed its target or could not run, so CI and scripts can tell.
const missed = results.filter(([, o]) => o.startsWith('MISSED')).length;
const broken = results.filter(([, o]) => o.startsWith('could not run') || o.startsWith('skipped')).length;
console.log(
  missed || broken ? `${missed} missed, ${broken} could not run` : 'every benchmark with a target met it',
);
process.exitCode = missed ? 1 : broken ? 2 : 0;
