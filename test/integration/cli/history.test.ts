// `ctb history` over a data folder that a `ctb ping` and a `ctb connector serve` share: each request
// recorded twice pairs by request_id, and bytes altered in transit are told apart from wrong secrets.

import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCtb, startCtb } from './run-ctb.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ctb-history-cli-'));
let server: ChildProcessWithoutNullStreams;
let output = '';
let url = '';
let secret = '';
let tamperer: Server;
let tamperUrl = '';

interface Listed {
  id: number;
  request_id: string;
  direction: string;
  verdict: string;
  diagnosis: string | null;
  pairing: {
    role: string;
    peer_id: number;
    body_differs: boolean;
    first_difference_at: number | null;
    headers_differ: Array<{ name: string }>;
    conclusion: string;
    summary: string;
  } | null;
}

/** A proxy that changes one byte of every body it forwards (conv_ -> conx_), as a broken middlebox would. */
function startTamperer(target: URL): Promise<void> {
  tamperer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.from(Buffer.concat(chunks).toString('utf8').replace('"conv_', '"conx_'));
      const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
      const up = request(target, { method: 'POST', headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      up.end(body);
    });
  });
  return new Promise((r) =>
    tamperer.listen(0, '127.0.0.1', () => {
      tamperUrl = `http://127.0.0.1:${(tamperer.address() as AddressInfo).port}/service`;
      r();
    }),
  );
}

async function listed(args: string[] = [], count = 0): Promise<Listed[]> {
  // The server batches its writes off the request path: wait until they are committed.
  for (let i = 0; i < 100; i++) {
    const run = await runCtb(['history', 'list', '--data-dir', dataDir, '--json', ...args]);
    expect(run.code, run.stderr).toBe(0);
    const items = (JSON.parse(run.stdout) as { exchanges: Listed[] }).exchanges;
    if (items.length >= count) return items;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${count} exchanges recorded`);
}

async function ping(target: string, key = secret) {
  return runCtb(['ping', '--url', target, '--data-dir', dataDir], { env: { CTB_SECRET: key } });
}

beforeAll(async () => {
  server = startCtb(['connector', 'serve', '--port', '0', '--data-dir', dataDir]);
  server.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
  server.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
  for (let i = 0; i < 500 && !/Ctrl-C/.test(output); i++) await new Promise((r) => setTimeout(r, 10));
  url = /^url\s+(http:\/\/\S+)/m.exec(output)?.[1] ?? '';
  secret = /export CTB_SECRET=(whsec_[0-9a-f]{64})/.exec(output)?.[1] ?? '';
  if (!url || !secret) throw new Error(`connector serve did not start:\n${output}`);
  await startTamperer(new URL(url));
}, 60_000);

afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  await new Promise<void>((r) => tamperer.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ctb history with a ping and a connector sharing a data folder', { timeout: 60_000 }, () => {
  let all: Listed[] = [];

  beforeAll(async () => {
    expect((await ping(url)).code).toBe(0);
    expect((await ping(tamperUrl)).code).toBe(1);
    expect((await ping(url, `whsec_${'0'.repeat(64)}`)).code).toBe(1);
    all = await listed([], 6);
    // Four CLI processes in a row: generous on a busy machine, still bounded.
  }, 90_000);

  const pairOf = (n: number) => {
    // Newest first: the third ping's two records come first.
    const ids = [...new Set(all.map((e) => e.request_id))];
    return all.filter((e) => e.request_id === ids[2 - n]);
  };

  it('pairs what ping sent with what the connector received by request_id', () => {
    const [a, b] = pairOf(0);
    const sent = [a, b].find((e) => e.direction === 'outgoing')!;
    const received = [a, b].find((e) => e.direction === 'incoming')!;
    expect(sent.pairing).toMatchObject({ role: 'sent', peer_id: received.id, body_differs: false });
    expect(received.pairing).toMatchObject({ role: 'received', peer_id: sent.id, conclusion: 'identical' });
    expect(received.verdict).toBe('ok');
  });

  it('says the body was altered in transit when a proxy changed a byte', () => {
    const received = pairOf(1).find((e) => e.direction === 'incoming')!;
    expect(received.verdict).toBe('invalid_signature');
    expect(received.pairing).toMatchObject({ body_differs: true, conclusion: 'body_altered' });
    expect(received.pairing!.summary).toContain('altered in transit');
  });

  it('says the secrets differ when the bytes arrived unchanged but the signature failed', () => {
    const received = pairOf(2).find((e) => e.direction === 'incoming')!;
    expect(received.verdict).toBe('invalid_signature');
    expect(received.diagnosis).toBeTruthy();
    expect(received.pairing).toMatchObject({ body_differs: false, conclusion: 'secrets_or_clock_differ' });
  });

  it('filters by direction and verdict and limits the count', async () => {
    const received = await listed(['--direction', 'incoming']);
    expect(received.map((e) => e.direction)).toEqual(['incoming', 'incoming', 'incoming']);
    // Both sides judge the answer: ping records the error code the connector answered.
    const failed = await listed(['--verdict', 'invalid_signature']);
    expect(failed.map((e) => e.direction).sort()).toEqual(['incoming', 'incoming', 'outgoing', 'outgoing']);
    expect(await listed(['--limit', '1'])).toHaveLength(1);
  });

  it('shows one whole exchange with its body, redacted signature and the sent-vs-received pane', async () => {
    const received = pairOf(1).find((e) => e.direction === 'incoming')!;
    const run = await runCtb(['history', 'show', String(received.id), '--data-dir', dataDir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as {
      request: { headers: Array<[string, string]>; body: { text: string } };
      pairing: { body_differs: boolean; first_difference_at: number };
    };
    expect(doc.request.body.text).toContain('"conx_');
    expect(doc.pairing.body_differs).toBe(true);
    expect(doc.request.body.text[doc.pairing.first_difference_at]).toBe('x');
    expect(run.stdout).not.toContain(secret);

    const text = await runCtb(['history', 'show', String(received.id), '--data-dir', dataDir]);
    expect(text.stdout).toContain('sent vs received');
    expect(text.stdout).toContain('altered in transit');
  });

  it('lists a readable table without --json', async () => {
    const run = await runCtb(['history', 'list', '--data-dir', dataDir]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^ID\s+TIME\s+DIR/);
    expect(run.stdout).toContain('body_altered');
  });

  it('exports through the engine export, redacted unless asked', async () => {
    const file = join(dataDir, 'out.json');
    const run = await runCtb(['history', 'export', '--format', 'json', '-o', file, '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { redacted: boolean; exchanges: unknown[] };
    expect(doc.redacted).toBe(true);
    expect(doc.exchanges).toHaveLength(6);
  });

  it('refuses an unknown id with exit 1 and a malformed one with exit 2', async () => {
    const missing = await runCtb(['history', 'show', '99999', '--data-dir', dataDir]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no exchange with id 99999');
    const bad = await runCtb(['history', 'show', 'abc', '--data-dir', dataDir]);
    expect(bad.code).toBe(2);
  });

  it('says so when the data folder holds no History', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ctb-history-empty-'));
    const run = await runCtb(['history', 'list', '--data-dir', empty]);
    rmSync(empty, { recursive: true, force: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no History');
  });
});

describe('a ctb load run against the connector', { timeout: 60_000 }, () => {
  it('is kept in its History as a sample of the run, not one row per request', async () => {
    const before = (await listed(['--direction', 'incoming', '--limit', '1000'])).length;
    const run = await runCtb(['load', '--url', url, '--type', 'ping', '-n', '200', '-c', '2', '--json'], {
      env: { CTB_SECRET: secret },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).requests).toBe(200);
    await listed(['--direction', 'incoming', '--limit', '1000'], before + 20);
    // Give late writes time to land: still the run's first 20 requests only.
    await new Promise((r) => setTimeout(r, 300));
    expect((await listed(['--direction', 'incoming', '--limit', '1000'])).length).toBe(before + 20);
  });
});
