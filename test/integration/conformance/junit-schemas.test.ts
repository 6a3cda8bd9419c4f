// The JUnit report is what CI dashboards read: it must validate against both the Jenkins and the
// Ant JUnit schemas (checked by xmllint, as a CI would) and count exactly what the JSON report counts.

import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import { runConformance, toJson, toJunit } from '../../../src/conformance/index.ts';
import type { ConformanceReport } from '../../../src/conformance/index.ts';
import type { RunningFixture } from '../../fixtures/broken-connectors/base.ts';
import { start as errorsAs200 } from '../../fixtures/broken-connectors/errors-as-200.ts';
import { start as barePong } from '../../fixtures/broken-connectors/bare-pong.ts';
import { findAll, parseXml } from './xml.ts';

const SCHEMAS = {
  jenkins: fileURLToPath(new URL('../../fixtures/junit/jenkins-junit.xsd', import.meta.url)),
  ant: fileURLToPath(new URL('../../fixtures/junit/ant-junit.xsd', import.meta.url)),
};
const SECRET = 'whsec_junit_schema_secret';
const stops: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** xmllint's verdict on one document: null when it validates, else its complaints. */
async function xmllint(schema: string, xml: string): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-junit-'));
  const file = join(dir, 'report.xml');
  await writeFile(file, xml);
  try {
    await promisify(execFile)('xmllint', ['--noout', '--schema', schema, file]);
    return null;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error('xmllint is missing: install libxml2-utils (.ci/run does)', { cause: error });
    return e.stderr ?? String(error);
  }
}

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
});
