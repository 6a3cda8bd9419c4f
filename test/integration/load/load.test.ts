// Signed load against the demo catalog over real sockets: every request verifies with its own
// request_id, a wrong secret shows up as errors by code, thresholds and --rate behave, via runLoad and the CLI.

import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import type { ExchangeEvent } from '../../../src/connector/index.ts';
import { runLoad } from '../../../src/load/index.ts';
import type { LoadProgress, LoadReport } from '../../../src/load/index.ts';
import { runCtb } from '../cli/run-ctb.ts';

const SECRET = 'whsec_load_test_secret';
let url = '';
const exchanges: ExchangeEvent[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  const catalog = createDemoCatalog({ signingSecret: SECRET });
  catalog.connector.on('exchange', (e) => exchanges.push(e));
  const listening = await catalog.connector.listen(0, '127.0.0.1');
  url = listening.url;
  stop = async () => {
    await listening.close();
    catalog.close();
  };
});
afterAll(() => stop());

function seenSince(before: number): ExchangeEvent[] {
  return exchanges.slice(before);
}

describe('signed load', () => {
  it('sends exactly -n requests, each signed with a fresh timestamp and its own request_id', async () => {
    const before = exchanges.length;
    const report = await runLoad({
      url,
      secret: SECRET,
      request: { kind: 'tool', tool: 'searchProducts', parameters: { query: 'cable' } },
      requests: 60,
      connections: 4,
    });
    expect(report).toMatchObject({
      requests: 60,
      ok: 60,
      connections: 4,
      request: 'tool.invoke searchProducts',
      errors: { total: 0, byCode: [] },
    });
    const seen = seenSince(before);
    expect(seen).toHaveLength(60);
    expect(
      seen.every((e) => e.response.outcome.verification?.ok === true && e.response.outcome.code === null),
    ).toBe(true);
    expect(new Set(seen.map((e) => e.response.outcome.requestId)).size).toBe(60);
    expect(report.latency.p50).toBeGreaterThan(0);
    expect(report.latency.p50).toBeLessThanOrEqual(report.latency.p99);
    expect(report.latency.p99).toBeLessThanOrEqual(report.latency.max);
    expect(report.percentiles.map((p) => p.percentile)).toContain(99.9);
    expect(report.timeline.reduce((n, p) => n + p.requests, 0)).toBe(60);
  });

  it('counts errors by HTTP status and envelope code when the secret is wrong', async () => {
    const report = await runLoad({
      url,
      secret: 'whsec_not_the_secret',
      request: { kind: 'type', type: 'ping' },
      requests: 30,
      connections: 3,
    });
    expect(report.ok).toBe(0);
    expect(report.errors).toEqual({
      total: 30,
      percent: 100,
      byCode: [
        { key: '401 invalid_signature', kind: 'envelope', status: 401, code: 'invalid_signature', count: 30 },
      ],
    });
  });

  it('counts a network failure by its code when nothing listens', async () => {
    // A port that was just free: listen, note it, close.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const dead = new URL(url);
    dead.port = String((probe.address() as AddressInfo).port);
    await new Promise((r) => probe.close(r));
    const report = await runLoad({
      url: dead.toString(),
      secret: SECRET,
      request: { kind: 'type', type: 'ping' },
      requests: 3,
      connections: 1,
    });
    expect(report.errors.byCode).toEqual([
      expect.objectContaining({ kind: 'network', code: 'connect_error', count: 3 }),
    ]);
  });

  it('holds a constant arrival rate: about rate x duration requests, and progress once per second', async () => {
    const progress: LoadProgress[] = [];
    const report = await runLoad(
      {
        url,
        secret: SECRET,
        request: { kind: 'type', type: 'ping' },
        rate: 40,
        durationMs: 1500,
        connections: 4,
      },
      { onProgress: (p) => progress.push(p) },
    );
    expect(report.requests).toBeGreaterThanOrEqual(54);
    expect(report.requests).toBeLessThanOrEqual(60);
    expect(report.coordinatedOmissionCorrected).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0].requests).toBeGreaterThan(0);
    expect(report.timeline.reduce((n, p) => n + p.requests, 0)).toBe(report.requests);
  });
});

describe('ctb load', () => {
  it('prints the report as JSON with --json and exits 0 when the thresholds hold', async () => {
    const run = await runCtb([
      'load',
      '--url',
      url,
      '--secret',
      SECRET,
      '-n',
      '40',
      '-c',
      '2',
      '--json',
      '--threshold',
      'errors==0',
      '--threshold',
      'rps>0',
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as LoadReport;
    expect(report).toMatchObject({ requests: 40, ok: 40, connections: 2, passed: true });
    expect(report.thresholds.map((t) => [t.expression, t.ok])).toEqual([
      ['errors==0', true],
      ['rps>0', true],
    ]);
  });

  it('exits 1 when a threshold breaks, after printing the report', async () => {
    const run = await runCtb([
      'load',
      '--url',
      url,
      '--secret',
      'whsec_wrong',
      '-n',
      '10',
      '--threshold',
      'errors<1%',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('401 invalid_signature');
    expect(run.stdout).toMatch(/✗ errors<1%/);
    expect(run.stderr).toBe('ctb: 1 threshold(s) broken: errors<1%\n');
  });

  it('exits 2 on a malformed threshold without sending a request', async () => {
    const before = exchanges.length;
    const run = await runCtb([
      'load',
      '--url',
      url,
      '--secret',
      SECRET,
      '-n',
      '10',
      '--threshold',
      'p99<<200',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ctb: bad threshold "p99<<200"/);
    expect(exchanges.length).toBe(before);
  });

  it('exits 2 when -d and -n are both given or the rate is not a number', async () => {
    expect((await runCtb(['load', '--url', url, '--secret', SECRET, '-n', '5', '-d', '1s'])).code).toBe(2);
    expect((await runCtb(['load', '--url', url, '--secret', SECRET, '--rate', 'fast'])).code).toBe(2);
  });
});
