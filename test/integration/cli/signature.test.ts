// `ctb sign | verify | explain` run as a user runs them: the real entry point in a child process,
// checked against the independent vectors and against the signing mistakes explain must name.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sign } from '../../../src/protocol/index.ts';
import { runCtb } from './run-ctb.ts';

interface Vector {
  secret: string;
  timestamp: string;
  body_hex: string;
  signature: string;
}

const vectors: Vector[] = JSON.parse(
  readFileSync(new URL('../../fixtures/signatures.json', import.meta.url), 'utf8'),
);
const TS = '1763700000';
const BODY =
  '{"type":"tool.invoke","request_id":"r-1","protocol_version":"1","tool":"getProduct","parameters":{"sku":"SKU-1001"}}';
const SORTED = JSON.stringify(sortKeys(JSON.parse(BODY)));

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

function expectNoSecret(run: { stdout: string; stderr: string }, secret: string) {
  expect(run.stdout + run.stderr).not.toContain(secret);
}

describe('ctb sign', () => {
  it('prints the headers of the independent vector for a unicode body read from a file', async () => {
    const v = vectors[3];
    const dir = await mkdtemp(join(tmpdir(), 'ctb-sign-'));
    const file = join(dir, 'body.json');
    await writeFile(file, Buffer.from(v.body_hex, 'hex'));
    const run = await runCtb(['sign', '--secret', v.secret, '--timestamp', v.timestamp, '--body-file', file]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      `x-service-signature: ${v.signature}`,
      `x-service-timestamp: ${v.timestamp}`,
      'x-service-protocol: 1',
      '',
    ]);
  });

  it('signs the bytes of standard input exactly, trailing newline included (--json)', async () => {
    const v = vectors[2];
    const run = await runCtb(['sign', '--json', '--timestamp', v.timestamp], {
      input: Buffer.from(v.body_hex, 'hex'),
      env: { CTB_SECRET: v.secret },
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      'x-service-signature': v.signature,
      'x-service-timestamp': v.timestamp,
      'x-service-protocol': '1',
    });
  });
});

describe('ctb verify', () => {
  const v = vectors[0];
  const body = Buffer.from(v.body_hex, 'hex');
  const base = ['verify', '--secret', v.secret, '--timestamp', v.timestamp, '--signature', v.signature];

  it('exits 0 for a vector checked at its own time', async () => {
    const run = await runCtb([...base, '--now', v.timestamp], { input: body });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^valid/);
  });

  it('exits 1 naming signature_mismatch when one body byte differs', async () => {
    const run = await runCtb([...base, '--now', v.timestamp], {
      input: Buffer.concat([body, Buffer.from(' ')]),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('invalid: signature_mismatch');
  });

  it('exits 1 with timestamp_too_old when the receiver clock is 301 s later, and 0 at 300 s', async () => {
    const late = await runCtb([...base, '--now', String(Number(v.timestamp) + 301)], { input: body });
    expect(late.code).toBe(1);
    expect(late.stdout).toContain('timestamp_too_old');
    const edge = await runCtb([...base, '--now', String(Number(v.timestamp) + 300), '--json'], {
      input: body,
    });
    expect(edge.code).toBe(0);
    expect(JSON.parse(edge.stdout)).toMatchObject({ ok: true, skewSeconds: 300 });
  });

  it('takes received headers as --header NAME:VALUE and reports one sent twice', async () => {
    const run = await runCtb(
      [
        'verify',
        '--secret',
        v.secret,
        '--header',
        `X-Service-Timestamp: ${v.timestamp}`,
        '--header',
        `x-service-signature:${v.signature}`,
        '--header',
        `x-service-signature:${v.signature}`,
        '--now',
        v.timestamp,
      ],
      { input: body },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('duplicated_header');
  });
});

describe('ctb explain', () => {
  it('names a body re-serialized with sorted keys, with the canonical string and the differing signature marked', async () => {
    const secret = 'whsec_sorted0123456789';
    const signature = sign(secret, SORTED, { timestamp: TS })['x-service-signature'];
    const run = await runCtb([
      'explain',
      '--secret',
      secret,
      '--timestamp',
      TS,
      '--signature',
      signature,
      '--now',
      TS,
      '--body',
      BODY,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('failed check: signature_mismatch');
    expect(run.stdout).toContain('re-serialized (compact JSON with sorted keys)');
    expect(run.stdout).toContain(`v1:${TS}:${BODY}`);
    expect(run.stdout).toMatch(/\^+.*character\(s\) differ/);
    expectNoSecret(run, secret);
  });

  it('names a signer that dropped the whsec_ prefix, in --json too', async () => {
    const secret = 'whsec_4f2a9c0e7b1d';
    const signature = sign(secret.slice('whsec_'.length), BODY, { timestamp: TS })['x-service-signature'];
    const args = [
      'explain',
      '--secret',
      secret,
      '--timestamp',
      TS,
      '--signature',
      signature,
      '--now',
      TS,
      '--body',
      BODY,
    ];
    const text = await runCtb(args);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('dropped the "whsec_" prefix');
    expectNoSecret(text, '4f2a9c0e7b1d');
    const json = await runCtb([...args, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      verdict: 'invalid',
      failedCheck: 'signature_mismatch',
      cause: { id: 'secret_variant:whsec_prefix_dropped' },
    });
    expectNoSecret(json, '4f2a9c0e7b1d');
  });

  it('finds the pre-rotation secret given as a second --secret (valid, exit 0)', async () => {
    const current = 'whsec_current_aaaa1111';
    const previous = 'whsec_previous_bbbb2222';
    const signature = sign(previous, BODY, { timestamp: TS })['x-service-signature'];
    const run = await runCtb([
      'explain',
      '--secret',
      current,
      '--secret',
      previous,
      '--timestamp',
      TS,
      '--signature',
      signature,
      '--now',
      TS,
      '--body',
      BODY,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('candidate 2');
    expect(run.stdout).toContain('another known secret');
    expectNoSecret(run, current);
    expectNoSecret(run, previous);
  });

  it('reports the skew against the window for a genuine but old request', async () => {
    const secret = 'k-skew';
    const signature = sign(secret, BODY, { timestamp: TS })['x-service-signature'];
    const run = await runCtb([
      'explain',
      '--secret',
      secret,
      '--timestamp',
      TS,
      '--signature',
      signature,
      '--now',
      String(Number(TS) + 301),
      '--body',
      BODY,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('failed check: timestamp_too_old');
    expect(run.stdout).toContain('301 s old');
    expect(run.stdout).toContain('OUTSIDE the ±300 s window');
  });
});
