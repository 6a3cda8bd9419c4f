// Benchmark: requests/s of the SDK's node:http adapter answering a signed tool.invoke, against a
// bare node:http server doing the same verification and reply, same load, same run. Target >= 0.85.

import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { sign } from '../src/protocol/index.ts';
import { fullRun, median, verdict } from './lib/measure.ts';

const TARGET = 0.85;
const SECRET = 'whsec_bench_connector_0123456789abcdef';
const full = fullRun();
const ROUNDS = full ? 7 : 5;
const SECONDS = full ? 8 : 3;
// Unmeasured load on each server first: the SDK has more code for V8 to compile (ajv's
// validators, the core), so a cold first round measured its JIT warm-up, not its throughput.
const WARMUP_SECONDS = 2;
const CONNECTIONS = 16;

interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function start(kind: 'sdk' | 'bare'): Promise<{ child: ChildProcess; url: string }> {
  // Each server runs in its own process so the load generator never shares its event loop.
  const child = fork(fileURLToPath(new URL('./lib/connector-servers.ts', import.meta.url)), [kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) =>
      resolve({ child, url: `http://127.0.0.1:${(m as { port: number }).port}/service` }),
    );
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

const body = JSON.stringify({
  protocol_version: '1',
  request_id: 'bench-1',
  type: 'tool.invoke',
  organization_id: 'org_bench',
  conversation_id: 'conv_bench',
  channel: 'whatsapp',
  identity: {},
  tool: 'searchProducts',
  parameters: { query: 'chair', limit: 5 },
});
const headers = { 'content-type': 'application/json', ...sign(SECRET, body) };

const servers = { sdk: await start('sdk'), bare: await start('bare') };
try {
  for (const [kind, s] of Object.entries(servers)) {
    const res = await fetch(s.url, { method: 'POST', body, headers });
    const answer = (await res.json()) as { type: string };
    if (res.status !== 200 || answer.type !== 'result')
      throw new Error(`${kind} server answered ${res.status} ${JSON.stringify(answer)}`);
  }
  for (const kind of ['bare', 'sdk'] as const)
    await autocannon({
      url: servers[kind].url,
      method: 'POST',
      headers,
      body,
      connections: CONNECTIONS,
      duration: WARMUP_SECONDS,
    });
  const samples: Record<'sdk' | 'bare', number[]> = { sdk: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which server goes first so a slow phase of the machine hits both alike.
    const order = round % 2 === 0 ? (['bare', 'sdk'] as const) : (['sdk', 'bare'] as const);
    for (const kind of order) {
      const r = await autocannon({
        url: servers[kind].url,
        method: 'POST',
        headers,
        body,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
        throw new Error(`${kind}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      samples[kind].push(r.requests.average);
    }
  }
  const sdk = median(samples.sdk);
  const bare = median(samples.bare);
  const ratio = sdk / bare;
  console.log(
    `connector benchmark (${full ? 'full' : 'quick'} run: ${WARMUP_SECONDS} s warm-up, ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections, node ${process.version})`,
  );
  console.log(
    `  bare node:http  ${bare.toFixed(0).padStart(7)} req/s  (rounds: ${samples.bare.map((v) => v.toFixed(0)).join(', ')})`,
  );
  console.log(
    `  SDK adapter     ${sdk.toFixed(0).padStart(7)} req/s  (rounds: ${samples.sdk.map((v) => v.toFixed(0)).join(', ')})`,
  );
  console.log(`  ratio ${ratio.toFixed(3)}  ${verdict(ratio, TARGET, 'min')}`);
  process.exitCode = ratio >= TARGET ? 0 : 1;
} finally {
  for (const s of Object.values(servers)) s.child.kill();
}
