// `ctb connector serve` in a child process, called by `ctb ping | tools | invoke` child processes:
// the success paths, each fault option's answer on the wire and the failed check in the server log.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS } from '../../../src/cli/request-log.ts';
import { sign } from '../../../src/protocol/index.ts';
import { runCtb, startCtb } from './run-ctb.ts';

let server: ChildProcessWithoutNullStreams;
let output = '';
let url = '';
let secret = '';

function logLines(): string[] {
  return output.split('\n').filter((l) => /^\d\d:\d\d:\d\d {2}/.test(l));
}

/**
 * The request lines printed so far, once the log has written what it held: lines leave in windows
 * of LOG_FLUSH_MS, so an earlier call's line may still be on its way when the next call starts.
 */
async function settledLineCount(): Promise<number> {
  let count = logLines().length;
  for (;;) {
    await new Promise((r) => setTimeout(r, LOG_FLUSH_MS * 2));
    const now = logLines().length;
    if (now === count) return count;
    count = now;
  }
}

/** Waits until the server printed `count` more request lines than `before`, and returns them. */
async function nextLogLines(before: number, count = 1): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const lines = logLines();
    if (lines.length >= before + count) return lines.slice(before, before + count);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the server printed no new request line; output so far:\n${output}`);
}

async function call(args: string[]) {
  const before = await settledLineCount();
  const run = await runCtb([...args, '--url', url], { env: { CTB_SECRET: secret } });
  return { run, before };
}

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ctb-serve-'));
  server = startCtb(['connector', 'serve', '--port', '0', '--data-dir', dataDir]);
  server.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
  server.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
  for (let i = 0; i < 500 && !/Ctrl-C/.test(output); i++) await new Promise((r) => setTimeout(r, 10));
  url = /^url\s+(http:\/\/\S+)/m.exec(output)?.[1] ?? '';
  secret = /export CTB_SECRET=(whsec_[0-9a-f]{64})/.exec(output)?.[1] ?? '';
  if (!url || !secret) throw new Error(`connector serve did not start:\n${output}`);
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

describe('ctb connector serve with the demo catalog', () => {
  it('prints its URL on 127.0.0.1 and the generated secret exactly once', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/service$/);
    expect(output.split(secret)).toHaveLength(2);
  });

  it('answers ctb ping with pong (exit 0) and logs the request as ok', async () => {
    const { run, before } = await call(['ping']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"type": "pong"');
    expect(run.stdout).toMatch(/timing\s+connect .* first byte .* total/);
    expect((await nextLogLines(before))[0]).toMatch(/POST \/service {2}ping {2}ok {2}200/);
  });

  it('lists the demo catalog with ctb tools, and with --legacy', async () => {
    for (const extra of [[], ['--legacy']]) {
      const { run } = await call(['tools', ...extra]);
      expect(run.code).toBe(0);
      for (const name of ['searchProducts', 'getProduct', 'calculateQuote', 'createQuotation'])
        expect(run.stdout).toMatch(new RegExp(`\\s${name} {2}`));
    }
  });

  it('summarises ctb tools by default: counts, one line per tool, no JSON body or headers', async () => {
    const { run } = await call(['tools']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThan(30);
    expect(run.stdout).toMatch(/^tools\s+6 tool\(s\): 4 on chat, 2 off chat; auth: 4 none, 2 optional$/m);
    expect(run.stdout).toMatch(/^\s+getProduct\s+Get one product by its sku, with price and stock\.$/m);
    expect(run.stdout).toMatch(/^\s+approveQuotation\s+\[off chat\] Approve a pending quotation/m);
    expect(run.stdout).toMatch(/getProduct: sku\*/);
    expect(run.stdout).toMatch(/^outcome\s+ok: 6 tool\(s\)$/m);
    expect(run.stdout).not.toContain('"input_schema"');
    expect(run.stdout).not.toContain('x-service-signature');
  });

  it('shows the whole exchange of ctb tools with --verbose, and the answer as JSON with --json', async () => {
    const verbose = (await call(['tools', '--verbose'])).run;
    expect(verbose.code).toBe(0);
    expect(verbose.stdout).toContain('"input_schema"');
    expect(verbose.stdout).toMatch(/x-service-signature: v1=[0-9a-f]{64}/);
    const json = (await call(['tools', '--json'])).run;
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).toMatchObject({ ok: true, type: 'capabilities.list', json: { type: 'capabilities' } });
    expect(parsed.json.tools).toHaveLength(6);
  });

  it('shows the whole exchange when ctb tools fails, to see why', async () => {
    const { run } = await call(['tools', '--drop-header', 'x-service-signature']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^request\s+POST /m);
    expect(run.stdout).toMatch(/outcome\s+FAILED: the connector answered error invalid_signature/);
  });

  it('runs getProduct for SKU-1001 with ctb invoke (--json)', async () => {
    const { run } = await call([
      'invoke',
      '--tool',
      'getProduct',
      '--params',
      '{"sku":"SKU-1001"}',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      ok: true,
      outcome: { kind: 'result' },
      response: { status: 200 },
      json: { type: 'result', output: { product: { sku: 'SKU-1001' } } },
    });
    expect(result.timing.totalMs).toBeGreaterThan(0);
    expect(run.stdout).not.toContain(secret);
  });

  it('exits 1 on an error envelope answered with HTTP 200 (unknown tool)', async () => {
    const { run, before } = await call(['invoke', '--tool', 'noSuchTool']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/outcome\s+FAILED: the connector answered error unknown_tool/);
    expect((await nextLogLines(before))[0]).toContain('unknown_tool');
  });

  // Skews keep a margin from the 300 s window: over a real socket on a busy machine a second can pass
  // between signing and verifying. The exact 300/301 s edge is held by the protocol's own tests.
  const refused: Array<[string[], string, number, string]> = [
    [['--wrong-secret'], 'invalid_signature', 401, 'signature_mismatch'],
    [['--tamper-body'], 'invalid_signature', 401, 'signature_mismatch'],
    [['--skew-offset', '330'], 'invalid_signature', 401, 'timestamp_in_future'],
    [['--skew-offset', '-330'], 'invalid_signature', 401, 'timestamp_too_old'],
    [['--drop-header', 'x-service-signature'], 'invalid_signature', 401, 'missing_header'],
    [['--drop-header', 'X-Service-Timestamp'], 'invalid_signature', 401, 'missing_header'],
    [['--protocol-version', '2'], 'unsupported_protocol_version', 400, 'protocol_mismatch'],
  ];
  for (const [fault, code, status, check] of refused) {
    it(`gets ${code} for ${fault.join(' ')} and the server log names ${check}`, async () => {
      const { run, before } = await call([
        'invoke',
        '--tool',
        'getProduct',
        '--params',
        '{"sku":"SKU-1001"}',
        '--json',
        ...fault,
      ]);
      expect(run.code).toBe(1);
      const result = JSON.parse(run.stdout);
      expect(result).toMatchObject({ ok: false, outcome: { kind: code }, response: { status } });
      expect(result.signing.faults.length).toBeGreaterThan(0);
      const [line] = await nextLogLines(before);
      expect(line).toContain(`tool.invoke getProduct  ${code}: ${check} — `);
      expect(line).toContain(`  ${status}  `);
    });
  }

  // Header names are case-insensitive and x-service-protocol is optional (decisions.md 1), so a
  // conformant connector accepts these; the faults exist to catch connectors that do not.
  const accepted: string[][] = [
    ['--header-case', 'upper'],
    ['--header-case', 'mixed'],
    ['--drop-header', 'x-service-protocol'],
    ['--skew-offset', '-270'],
  ];
  for (const fault of accepted) {
    it(`is still answered with a result for ${fault.join(' ')}`, async () => {
      const { run, before } = await call([
        'invoke',
        '--tool',
        'getProduct',
        '--params',
        '{"sku":"SKU-1001"}',
        ...fault,
      ]);
      expect(run.code).toBe(0);
      expect((await nextLogLines(before))[0]).toMatch(/tool\.invoke getProduct {2}ok {2}200/);
    });
  }

  it('accepts a --replay inside the window twice: the protocol has no nonce, only the window', async () => {
    const { run, before } = await call([
      'invoke',
      '--tool',
      'getProduct',
      '--params',
      '{"sku":"SKU-1001"}',
      '--replay',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.original.response.status).toBe(200);
    expect(result.response.status).toBe(200);
    expect(result.original.request.body).toBe(result.request.body);
    const lines = await nextLogLines(before, 2);
    expect(lines.every((l) => /getProduct {2}ok {2}200/.test(l))).toBe(true);
  });

  it('logs the cause of a body re-serialized with sorted keys, while the wire answer stays generic', async () => {
    const body = '{"type":"ping","request_id":"r-sorted","protocol_version":"1"}';
    const sorted = '{"protocol_version":"1","request_id":"r-sorted","type":"ping"}';
    const before = await settledLineCount();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sign(secret, sorted) },
      body,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      type: 'error',
      code: 'invalid_signature',
      message: expect.not.stringContaining('sorted'),
    });
    expect((await nextLogLines(before))[0]).toContain(
      'ping  invalid_signature: signature_mismatch — the body was re-serialized (compact JSON with sorted keys)',
    );
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped (SIGTERM)');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
