// Start-up of the compiled CLI against a bare `node -e 0` in the same run: `ctb --help` <= 5x and
// `ctb serve` until it prints its URL <= 10x (medians). Ratios, not milliseconds: machines differ.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const TARGETS = { help: 5, serve: 10 };
const RUNS = process.argv.includes('--full') ? 15 : 7;
const cli = resolve(import.meta.dirname, '../out/cli/index.js');

if (!existsSync(cli)) {
  console.error('startup: out/cli/index.js not found; run `npm run build` first');
  process.exit(2);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeRun(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status ?? run.signal}`);
  return performance.now() - start;
}

/** Milliseconds from spawn to the line carrying the URL; the server is stopped before resolving. */
function timeServe(dataDir: string): Promise<number> {
  return new Promise((resolveTime, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [cli, 'serve', '--no-open', '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CTB_SEED_PASSWORD: 'startup-bench' },
    });
    let seen = '';
    let elapsed = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      if (elapsed === 0 && /http:\/\/127\.0\.0\.1:\d+/.test(seen)) {
        elapsed = performance.now() - start;
        child.kill('SIGTERM');
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (elapsed > 0) resolveTime(elapsed);
      else reject(new Error(`ctb serve ended (${code ?? signal}) before printing its URL:\n${seen}`));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'ctb-startup-'));
try {
  // One warm-up of each: the first serve creates and seeds the data folder, later ones reopen it
  // (what a user's every start but the first looks like), and the OS file cache is primed.
  timeRun(['-e', '0']);
  timeRun([cli, '--help']);
  await timeServe(dataDir);

  const bare: number[] = [];
  const help: number[] = [];
  const serve: number[] = [];
  // Interleaved, so a burst of load on a shared machine hits all three alike.
  for (let i = 0; i < RUNS; i++) {
    bare.push(timeRun(['-e', '0']));
    help.push(timeRun([cli, '--help']));
    serve.push(await timeServe(dataDir));
  }
  const base = median(bare);
  const rows: Array<[string, number, number]> = [
    ['ctb --help', median(help), TARGETS.help],
    ['ctb serve (to its URL)', median(serve), TARGETS.serve],
  ];
  console.log(`node -e 0                 ${base.toFixed(0).padStart(5)} ms (median of ${RUNS})`);
  let missed = false;
  for (const [name, ms, target] of rows) {
    const ratio = ms / base;
    const ok = ratio <= target;
    missed ||= !ok;
    console.log(
      `${name.padEnd(25)} ${ms.toFixed(0).padStart(5)} ms  ${ratio.toFixed(1)}x  (target <= ${target}x) ${ok ? 'ok' : 'MISSED'}`,
    );
  }
  process.exitCode = missed ? 1 : 0;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
