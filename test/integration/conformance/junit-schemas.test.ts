// The JUnit report is what CI dashboards read: it must validate against both the Jenkins and the
// Ant JUnit schemas (checked by xmllint, as a CI would) and count exactly what the JSON report counts.

import { afterAll, describe, expect, it } from 'vitest';
import { createDemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import { runConformance, summarise, toJson, toJunit } from '../../../src/conformance/index.ts';
import type { ConformanceReport } from '../../../src/conformance/index.ts';
import type { RunningFixture } from '../../fixtures/broken-connectors/base.ts';
import { start as errorsAs200 } from '../../fixtures/broken-connectors/errors-as-200.ts';
import { start as barePong } from '../../fixtures/broken-connectors/bare-pong.ts';
import { findAll, parseXml, SCHEMAS, xmllint } from './xml.ts';

const SECRET = 'whsec_junit_schema_secret';
const stops: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

async function expectValidAndCountedAsJson(report: ConformanceReport): Promise<void> {
  const xml = toJunit(report);
  expect(await xmllint(SCHEMAS.jenkins, xml)).toBeNull();
  expect(await xmllint(SCHEMAS.ant, xml)).toBeNull();

  const json = (JSON.parse(toJson(report)) as ConformanceReport).summary;
  const suite = findAll(parseXml(xml), 'testsuite')[0];
  const counts = {
    tests: Number(suite.attributes.tests),
    failures: Number(suite.attributes.failures),
    errors: Number(suite.attributes.errors),
    skipped: Number(suite.attributes.skipped),
  };
  expect(counts).toEqual({
    tests: json.total,
    failures: json.failed,
    errors: json.errors,
    skipped: json.skipped,
  });
  // The attributes match the elements a dashboard counts one by one.
  expect(findAll(suite, 'testcase')).toHaveLength(counts.tests);
  expect(findAll(suite, 'failure')).toHaveLength(counts.failures);
  expect(findAll(suite, 'error')).toHaveLength(counts.errors);
  expect(findAll(suite, 'skipped')).toHaveLength(counts.skipped);
}

async function reportFor(start: (secret: string) => Promise<RunningFixture>, only?: string[]) {
  const fixture = await start(SECRET);
  stops.push(() => fixture.close());
  return runConformance({ url: fixture.url, secret: SECRET, only });
}

describe('JUnit report', () => {
  it('validates and counts like JSON for a conformant connector (demo catalog)', async () => {
    const catalog = createDemoCatalog({ signingSecret: SECRET });
    const listening = await catalog.connector.listen(0, '127.0.0.1');
    stops.push(
      () => catalog.close(),
      () => listening.close(),
    );
    const report = await runConformance({ url: listening.url, secret: SECRET });
    expect(report.summary.failed).toBe(0);
    await expectValidAndCountedAsJson(report);
  });

  it('validates and counts like JSON with many must-level failures and escaped stack traces', async () => {
    const report = await reportFor(errorsAs200);
    expect(report.summary.failedByLevel.must).toBeGreaterThan(20);
    await expectValidAndCountedAsJson(report);
  });

  it('counts a should-level warning as a failure of type "should", and a skipped check with its reason', async () => {
    const report = await reportFor(barePong, ['ping']);
    expect(report.summary).toMatchObject({ conformant: true, failed: 1, skipped: 1 });
    await expectValidAndCountedAsJson(report);
    const suite = findAll(parseXml(toJunit(report)), 'testsuite')[0];
    const failure = findAll(suite, 'failure')[0];
    expect(failure.attributes.type).toBe('should');
    expect(failure.attributes.message).toMatch(/^WARNING \(should\): .*lacks protocol_version "1" and time/);
    expect(findAll(suite, 'skipped')[0].text).not.toBe('');
    expect(findAll(suite, 'system-out')[0].text).toContain('ping.version-and-time');
  });

  it('reports a run whose connector is down as failures that still validate', async () => {
    const fixture = await barePong(SECRET);
    await fixture.close();
    const report = await runConformance({ url: fixture.url, secret: SECRET, only: ['ping', 'signature'] });
    await expectValidAndCountedAsJson(report);
  });

  it('writes the suite timestamp in whole UTC seconds without zone, the full instant as a property', async () => {
    const report = await reportFor(barePong, ['ping.pong']);
    const suite = findAll(parseXml(toJunit(report)), 'testsuite')[0];
    expect(suite.attributes.timestamp).toBe(report.startedAt.slice(0, 19));
    const props = Object.fromEntries(
      findAll(suite, 'property').map((p) => [p.attributes.name, p.attributes.value]),
    );
    expect(props).toMatchObject({ started_at: report.startedAt, timestamp_zone: 'UTC' });
  });

  it('writes a check that could not run as an <error>, counted in summary.errors and not as a failure', async () => {
    const real = await reportFor(barePong, ['ping']);
    // The runner marks a check whose own code threw; no connector can make a shipped check throw.
    const checks = real.checks.map((c, i) =>
      i === 0
        ? { ...c, outcome: 'fail' as const, errored: true, message: 'the check could not run: boom <&>' }
        : c,
    );
    const report = { ...real, checks, summary: summarise(checks) };
    expect(report.summary).toMatchObject({ errors: 1, failed: 1 });
    await expectValidAndCountedAsJson(report);
    const error = findAll(findAll(parseXml(toJunit(report)), 'testsuite')[0], 'error')[0];
    expect(error.attributes).toMatchObject({ type: 'error', message: 'the check could not run: boom <&>' });
  });
});
