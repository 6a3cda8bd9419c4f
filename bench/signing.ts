// Benchmark: the protocol's sign() and verify() against a bare node:crypto HMAC-SHA256 of the
// same canonical payload (verify: plus the digest comparison), 1 KiB and 64 KiB bodies. Target <= 1.15.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { sign, verify } from '../src/protocol/index.ts';
import { fmt, fullRun, pairedRatios, verdict } from './lib/measure.ts';

const TARGET = 1.15;
const SECRET = 'whsec_bench_0123456789abcdef0123456789abcdef';
const TIMESTAMP = 1_800_000_000;
const full = fullRun();

function bodyOf(size: number): Buffer {
  const head =
    '{"type":"tool.invoke","protocol_version":"1","request_id":"bench","tool":"searchProducts","parameters":{"query":"';
  return Buffer.from(head + 'x'.repeat(size - head.length - 3) + '"}}');
}

let sink = 0;
let failed = false;
const lines: string[] = [];

for (const [label, size, iterations] of [
  ['1 KiB', 1024, 500],
  ['64 KiB', 64 * 1024, 40],
] as const) {
  const body = bodyOf(size);
  const headers = sign(SECRET, body, { timestamp: TIMESTAMP });
  if (!verify(body, headers, SECRET, { now: TIMESTAMP }).ok)
    throw new Error('benchmark setup: the signed body does not verify');
  // A string key: node:crypto takes it 4-5x faster than the same key as a Buffer (Node 24), so
  // the baseline is the fastest bare HMAC, not a handicapped one.
  const key = SECRET;
  const prefix = `v1:${TIMESTAMP}:`;
  const received = Buffer.from(headers['x-service-signature'].slice(3), 'hex');

  // sign() is held to a bare HMAC; verify() to a bare verifier: the same HMAC plus a constant-time
  // comparison of the digests (a baseline that skipped the comparison did less work than verify).
  const rounds = { iterations, rounds: full ? 601 : 201 };
  const signing = pairedRatios(
    {
      // What any HMAC signer cannot avoid: the keyed hash of the canonical payload.
      bare: () => (sink += createHmac('sha256', key).update(prefix).update(body).digest('hex').length),
      sign: () => (sink += sign(SECRET, body, { timestamp: TIMESTAMP })['x-service-signature'].length),
    },
    'bare',
    rounds,
  );
  const verifying = pairedRatios(
    {
      bareVerify: () =>
        (sink += timingSafeEqual(createHmac('sha256', key).update(prefix).update(body).digest(), received)
          ? 1
          : 0),
      verify: () => (sink += verify(body, headers, SECRET, { now: TIMESTAMP }).ok ? 1 : 0),
    },
    'bareVerify',
    rounds,
  );
  const nsPerOp = { ...signing.nsPerOp, ...verifying.nsPerOp };
  const checks = [
    ['sign', signing.ratios.sign, 'bare HMAC', nsPerOp.bare],
    ['verify', verifying.ratios.verify, 'bare HMAC + timingSafeEqual', nsPerOp.bareVerify],
  ] as const;
  for (const [op, ratio, baseName, baseNs] of checks) {
    if (ratio > TARGET) failed = true;
    lines.push(
      `  ${label.padEnd(7)} ${op.padEnd(7)} ${fmt(nsPerOp[op]).padStart(10)}/op  ${baseName} ${fmt(baseNs).padStart(10)}/op  ratio ${ratio.toFixed(3)}  ${verdict(ratio, TARGET, 'max')}`,
    );
  }
}

console.log(
  `signing benchmark (${full ? 'full' : 'quick'} run; median of per-round ratios against a bare HMAC (sign) or bare HMAC + comparison (verify) timed in the same round; node ${process.version})`,
);
for (const line of lines) console.log(line);
if (sink === -1) console.log('');
process.exitCode = failed ? 1 : 0;
