// Benchmark: p50 of a signed ping through `ctb listen`'s recording proxy vs the same bytes sent
// straight to the demo connector, interleaved in one run. Target: the proxy adds at most 1 ms at p50.
// Usage: node bench/listen-proxy.ts [--full]. The connector runs in a child process, as a customer's would.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { createDemoCatalog } from '../src/connector/demo-catalog/index.ts';
import { signedCall } from '../src/client/index.ts';
import { startListenProxy } from '../src/engine/listen-proxy.ts';
import { openHistory } from '../src/engine/history-file.ts';
import { fullRun } from './lib/measure.ts';

const TARGET_MS = 1;
const SECRET = 'whsec_bench_listen_0123456789abcdef0123456789abcdef';

if (process.argv[2] === '--serve') {
  const demo = createDemoCatalog({ signingSecret: SECRET });
  const listening = await demo.connector.listen(0);
  process.stdout.write(`${listening.url}\n`);
} else await main();

async function main(): Promise<void> {
  const rounds = fullRun() ? 60 : 20;
  const perRound = 100;
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // However this process ends (a failed call throws), the connector does not outlive it.
  process.once('exit', () => child.kill());
  const base = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  const url = base.endsWith('/service') ? base : `${base}/service`;

  // The proxy as `ctb listen` runs it: verifying every request and recording it in a real History.
  const dir = mkdtempSync(join(tmpdir(), 'ctb-bench-listen-'));
  const history = openHistory(dir);
  const proxy = await startListenProxy({
    forwardTo: new URL(url),
    secrets: [SECRET],
    port: 0,
    record: (input) => history.record(input),
  });
  const proxied = `${proxy.url}/service`;

  // Signed once; the same bytes go both ways, well inside the skew window.
  const template = await signedCall({
    url,
    secret: SECRET,
    body: { protocol_version: '1', request_id: 'bench', type: 'ping', organization_id: 'org' },
  });
  if (template.response?.status !== 200)
    throw new Error(`demo connector answered ${template.response?.status}`);
  const agent = new Agent({ keepAliveTimeout: 4_000 });
  const post = (target: string) => async () => {
    const res = await request(target, {
      method: 'POST',
      headers: template.request.headers.flat(),
      body: template.request.body,
      dispatcher: agent,
    });
    const parsed = JSON.parse(await res.body.text()) as { type: string };
    if (parsed.type !== 'pong') throw new Error(`${target} answered ${parsed.type}`);
  };
  const direct = post(url);
  const viaProxy = post(proxied);

  for (let i = 0; i < 200; i++) {
    await direct();
    await viaProxy();
  }
  const samples = { direct: [] as number[], proxy: [] as number[] };
  // Alternating blocks so a slow phase of the machine hits both alike.
  for (let r = 0; r < rounds; r++)
    for (const [name, fn] of [
      ['direct', direct],
      ['proxy', viaProxy],
    ] as const)
      for (let i = 0; i < perRound; i++) {
        const t0 = performance.now();
        await fn();
        samples[name].push(performance.now() - t0);
      }

  const pct = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))];
  const d50 = pct(samples.direct, 0.5);
  const p50 = pct(samples.proxy, 0.5);
  const added = p50 - d50;
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(`listen proxy: ${samples.proxy.length} signed pings each, demo connector in a child process`);
  console.log(`  direct          p50 ${us(d50)}   p95 ${us(pct(samples.direct, 0.95))}`);
  console.log(`  through proxy   p50 ${us(p50)}   p95 ${us(pct(samples.proxy, 0.95))}`);
  console.log(
    `  added p50 ${us(added)} (ratio ${(p50 / d50).toFixed(2)}) ${added <= TARGET_MS ? 'PASS' : 'FAIL'} (target <= ${TARGET_MS} ms added)`,
  );
  await agent.close();
  await proxy.close();
  history.close();
  rmSync(dir, { recursive: true, force: true });
  child.kill();
  if (added > TARGET_MS) process.exitCode = 1;
}
