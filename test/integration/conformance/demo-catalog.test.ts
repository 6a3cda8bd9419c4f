// The conformance suite against the reference connector (the demo catalog on the SDK): every
// must-level check passes through the real CLI, and the JUnit and JSON reports read back.

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import { runConformance } from '../../../src/conformance/index.ts';
import type { ConformanceReport } from '../../../src/conformance/index.ts';
import { runCtb } from '../cli/run-ctb.ts';
import { findAll, parseXml, SCHEMAS, xmllint } from './xml.ts';

const SECRET = 'whsec_conformance_demo_secret';
const running: Array<() => Promise<void> | void> = [];

async function startDemo(skew?: number): Promise<string> {
  const catalog = createDemoCatalog({ signingSecret: SECRET, maxTimestampSkewSeconds: skew });
  const listening = await catalog.connector.listen(0, '127.0.0.1');
  running.push(
    () => listening.close(),
    () => catalog.close(),
  );
  return listening.url;
}

let url = '';
beforeAll(async () => {
  url = await startDemo();
});
afterAll(async () => {
  for (const stop of running.reverse()) await stop();
});

describe('ctb conformance against the demo catalog', () => {
  it('passes every must-level check and exits 0, with a JUnit report that parses back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ctb-conformance-'));
    const file = join(dir, 'report.xml');
    const run = await runCtb([
      'conformance',
      '--url',
      url,
      '--secret',
      SECRET,
      '--reporter',
      'junit',
      '--output',
      file,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^CONFORMANT/m);

    const xml = await readFile(file, 'utf8');
    expect(await xmllint(SCHEMAS.jenkins, xml)).toBeNull();
    expect(await xmllint(SCHEMAS.ant, xml)).toBeNull();
    const suite = findAll(parseXml(xml), 'testsuite')[0];
    const cases = findAll(suite, 'testcase');
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(Number(suite.attributes.tests)).toBe(cases.length);
    expect(suite.attributes.failures).toBe('0');
    expect(findAll(suite, 'failure')).toHaveLength(0);
    const names = cases.map((c) => c.attributes.name.split(':')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'timestamp.past-outside',
        'signature.generic-refusal',
        'invoke.valid.getProduct',
        'invoke.invalid.createQuotation',
      ]),
    );
  });

  it('prints the whole report with --reporter json, naming the secret only by fingerprint', async () => {
    const run = await runCtb(['conformance', '--url', url, '--reporter', 'json'], {
      env: { CTB_SECRET: SECRET },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(SECRET);
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(report).toMatchObject({
      url,
      skewSeconds: 300,
      secretFingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    expect(report.summary).toMatchObject({ conformant: true, failed: 0, total: report.checks.length });
    const wrongSecret = report.checks.find((c) => c.id === 'signature.wrong-secret')!;
    expect(wrongSecret).toMatchObject({
      level: 'must',
      outcome: 'pass',
      sent: { method: 'POST', url, headers: expect.arrayContaining([['x-service-protocol', '1']]) },
      received: { status: 401, contentType: expect.stringContaining('application/json') },
    });
    expect(JSON.parse(wrongSecret.received!.body)).toMatchObject({
      type: 'error',
      code: 'invalid_signature',
    });
    for (const check of report.checks)
      expect(Object.keys(check).sort()).toEqual([
        'durationMs',
        'expected',
        'id',
        'level',
        'message',
        'outcome',
        'received',
        'reference',
        'sent',
        'title',
      ]);
  });

  it('grades the replay window given by --skew: a 60 s connector fails the 300 s edges and passes the 60 s ones', async () => {
    const narrow = await startDemo(60);
    const at300 = await runConformance({ url: narrow, secret: SECRET, only: ['timestamp'] });
    expect(at300.checks.filter((c) => c.outcome === 'fail').map((c) => c.id)).toEqual([
      'timestamp.past-inside',
      'timestamp.future-inside',
    ]);
    const at60 = await runConformance({ url: narrow, secret: SECRET, skewSeconds: 60, only: ['timestamp'] });
    expect(at60.summary).toMatchObject({ failed: 0, passed: 6 });
  });

  it('reports progress once per check, in order, as each completes', async () => {
    const seen: string[] = [];
    const report = await runConformance({
      url,
      secret: SECRET,
      only: ['routing', 'ping'],
      onProgress: (c, i) => seen.push(`${i}:${c.id}`),
    });
    expect(seen).toEqual(report.checks.map((c, i) => `${i}:${c.id}`));
    expect(seen).toHaveLength(8);
  });

  it('says the connector is unreachable instead of passing anything when nothing listens', async () => {
    const closed = await startDemo();
    await running.splice(-2, 1)[0](); // stop listening; the catalog database closes in afterAll
    const run = await runCtb(['conformance', '--url', closed, '--secret', SECRET, '--reporter', 'json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^ctb: no answer from .*is the connector running\?\n$/);
    expect((JSON.parse(run.stdout) as ConformanceReport).summary.passed).toBe(0);
  });

  it('stops starting checks once cancelled, and does not call the partial run conformant', async () => {
    const controller = new AbortController();
    const report = await runConformance({
      url,
      secret: SECRET,
      signal: controller.signal,
      onProgress: (_c, i) => i === 2 && controller.abort(),
    });
    expect(report.aborted).toBe(true);
    expect(report.checks).toHaveLength(3);
    expect(report.summary.conformant).toBe(false);
  });
});
