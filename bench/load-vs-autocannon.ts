// Benchmark: requests/s of `ctb load`'s engine (runLoad, signing every request) against autocannon
// on the same bare node:http server, same connections and duration, same run. Target >= 0.9.

import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { runLoad } from '../src/load/index.ts';
import { buildRequest } from '../src/client/index.ts';
import { sign } from '../src/protocol/index.ts';
import { fullRun, median, verdict } from './lib/measure.ts';

const TARGET = 0.9;
const SECRET = 'whsec_bench_load_0123456789abcdef';
const full = fullRun();
const ROUNDS = full ? 5 : 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? (full ? 10 : 6));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface AutocannonResult {
  requests: { average: number; total: number };
  duration: number;
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// The server answers a fixed JSON pong without verifying: the bench measures the load generators.
const SERVER = `
import { createServer } from 'node:http';
const answer = Buffer.from(JSON.stringify({ type: 'pong', protocol_version: '1', time: 1763700000 }));
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length }); res.end(answer); });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/**
 * Pins the server to the last core and this process to the first, where taskset exists: without
 * it the scheduler sometimes runs both on one core and the numbers swing by 2x between rounds.
 */
const pinning =
  availableParallelism() >= 2 &&
  spawnSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' }).status === 0;

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  // Its own process, so the server and the load generator each get one of the two cores.
  const args = [process.execPath, '--input-type=module', '-e', SERVER];
  const child = pinning
    ? spawn('taskset', ['-c', String(availableParallelism() - 1), ...args], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : spawn(args[0], args.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) =>
      resolve({ child, url: `http://127.0.0.1:${d.toString().trim()}/service` }),
    );
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** CPU microseconds this process spent per request: robust to a busy machine, unlike req/s. */
const cpu = { ours: [] as number[], theirs: [] as number[] };
function cpuSince(start: NodeJS.CpuUsage, requests: number): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / requests;
}

async function ctbLoad(url: string, seconds: number): Promise<number> {
  const started = process.cpuUsage();
  const report = await runLoad({
    url,
    secret: SECRET,
    request: { kind: 'type', type: 'ping' },
    connections: CONNECTIONS,
    durationMs: seconds * 1000,
  });
  if (report.errors.total > 0)
    throw new Error(`runLoad saw ${report.errors.total} errors: ${JSON.stringify(report.errors.byCode)}`);
  cpu.ours.push(cpuSince(started, report.requests));
  return report.rps;
}

async function cannon(url: string, seconds: number): Promise<number> {
  // autocannon sends one fixed, pre-signed request: the bare-HTTP baseline without per-request signing.
  const body = JSON.stringify(buildRequest('ping'));
  const started = process.cpuUsage();
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    body,
    headers: { 'content-type': 'application/json', ...sign(SECRET, body) },
  });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`autocannon saw ${result.errors} errors, ${result.non2xx} non-2xx`);
  cpu.theirs.push(cpuSince(started, result.requests.total));
  return result.requests.total / result.duration;
}

const { child, url } = await startServer();
try {
  console.log(
    `load-vs-autocannon: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, alternating, ` +
      `${pinning ? 'server and generator pinned to separate cores' : 'no CPU pinning (taskset unavailable)'} (BENCH_FULL=1 for the full size)`,
  );
  await ctbLoad(url, 1);
  await cannon(url, 1);
  cpu.ours.length = 0;
  cpu.theirs.length = 0;
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order so a slow phase of the machine hits both alike.
    if (round % 2 === 0) {
      theirs.push(await cannon(url, SECONDS));
      ours.push(await ctbLoad(url, SECONDS));
    } else {
      ours.push(await ctbLoad(url, SECONDS));
      theirs.push(await cannon(url, SECONDS));
    }
    console.log(
      `  round ${round + 1}: autocannon ${theirs.at(-1)!.toFixed(0)} req/s (${cpu.theirs.at(-1)!.toFixed(1)} µs CPU/req), ` +
        `ctb load ${ours.at(-1)!.toFixed(0)} req/s (${cpu.ours.at(-1)!.toFixed(1)} µs CPU/req)`,
    );
  }
  const a = median(theirs);
  const b = median(ours);
  // Paired per-round ratios: a slow phase of the machine hits both halves of a round alike.
  const ratio = median(ours.map((o, i) => o / theirs[i]));
  console.log(`autocannon (fixed request)          ${a.toFixed(0)} req/s (median)`);
  console.log(`ctb load (signed per request)       ${b.toFixed(0)} req/s (median)`);
  console.log(
    `CPU per request (generator)         autocannon ${median(cpu.theirs).toFixed(1)} µs, ctb load ${median(cpu.ours).toFixed(1)} µs`,
  );
  console.log(
    `ratio ctb load / autocannon         ${ratio.toFixed(3)} (median of per-round ratios)  ${verdict(ratio, TARGET, 'min')}`,
  );
  process.exitCode = ratio >= TARGET ? 0 : 1;
} finally {
  child.kill();
}
