// The suite catches real mistakes: each fixture (a hand-written node:http connector with one
// flaw) fails exactly the must-level checks its flaw breaks; the flawless control fails none.

import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/conformance/index.ts';
import type { RunningFixture } from '../../fixtures/broken-connectors/base.ts';
import { start as correct } from '../../fixtures/broken-connectors/correct.ts';
import { start as reserialized } from '../../fixtures/broken-connectors/reserialized-body.ts';
import { start as ignoresTimestamp } from '../../fixtures/broken-connectors/ignores-timestamp.ts';
import { start as unboundedFuture } from '../../fixtures/broken-connectors/unbounded-future.ts';
import { start as errorsAs200 } from '../../fixtures/broken-connectors/errors-as-200.ts';
import { start as barePong } from '../../fixtures/broken-connectors/bare-pong.ts';
import { runCtb } from '../cli/run-ctb.ts';
import { findAll, parseXml } from './xml.ts';

const SECRET = 'whsec_broken_fixture_secret';
const fixtures: RunningFixture[] = [];
afterAll(async () => {
  for (const f of fixtures) await f.close();
});

async function failedMustChecks(start: (secret: string) => Promise<RunningFixture>): Promise<string[]> {
  const fixture = await start(SECRET);
  fixtures.push(fixture);
  const report = await runConformance({ url: fixture.url, secret: SECRET });
  return report.checks
    .filter((c) => c.outcome === 'fail' && c.level === 'must')
    .map((c) => c.id)
    .sort();
}

describe('conformance catches broken connectors', () => {
  it('passes the flawless hand-written connector', async () => {
    expect(await failedMustChecks(correct)).toEqual([]);
  });

  it('catches a connector that verifies a re-serialised body instead of the raw bytes', async () => {
    expect(await failedMustChecks(reserialized)).toEqual(
      [
        'request.not-json',
        'signature.body-appended',
        'signature.escaped-unicode',
        'signature.pretty-body',
        'signature.whitespace-added',
      ].sort(),
    );
  });

  it('catches a connector that ignores the timestamp', async () => {
    expect(await failedMustChecks(ignoresTimestamp)).toEqual([
      'timestamp.decimal',
      'timestamp.future-outside',
      'timestamp.milliseconds',
      'timestamp.past-outside',
    ]);
  });

  it('catches a connector that accepts future timestamps without limit', async () => {
    expect(await failedMustChecks(unboundedFuture)).toEqual([
      'timestamp.future-outside',
      'timestamp.milliseconds',
    ]);
  });

  it('catches a connector that answers errors as HTTP 200 with a stack trace', async () => {
    const failed = await failedMustChecks(errorsAs200);
    expect(failed).toEqual(
      [
        'answers.no-stack-trace',
        'request.missing-fields',
        'request.not-json',
        'request.protocol-header',
        'request.protocol-version',
        'request.too-large',
        'request.unknown-type',
        'routing.delete-endpoint',
        'routing.get-endpoint',
        'routing.other-path',
        'routing.put-endpoint',
        'routing.root-path',
        'signature.body-appended',
        'signature.doubled-header',
        'signature.empty-digest',
        'signature.extra-char',
        'signature.first-char-changed',
        'signature.generic-refusal',
        'signature.last-char-changed',
        'signature.missing',
        'signature.missing-timestamp',
        'signature.no-scheme',
        'signature.one-char-short',
        'signature.tampered-byte',
        'signature.trailing-garbage',
        'signature.truncated',
        'signature.unknown-scheme',
        'signature.whitespace-added',
        'signature.wrong-secret',
        'timestamp.decimal',
        'timestamp.future-outside',
        'timestamp.milliseconds',
        'timestamp.past-outside',
      ].sort(),
    );
  });

  it('only warns about a bare pong: exit 0, a should-level failure typed "should" in the JUnit XML', async () => {
    const fixture = await barePong(SECRET);
    fixtures.push(fixture);
    const run = await runCtb([
      'conformance',
      '--url',
      fixture.url,
      '--secret',
      SECRET,
      '--reporter',
      'junit',
      '--only',
      'ping',
    ]);
    expect(run.code).toBe(0);
    const cases = findAll(findAll(parseXml(run.stdout), 'testsuite')[0], 'testcase');
    const byId = Object.fromEntries(cases.map((c) => [c.attributes.name.split(':')[0], c]));
    const warning = findAll(byId['ping.version-and-time'], 'failure')[0];
    expect(warning.attributes.type).toBe('should');
    expect(warning.attributes.message).toMatch(
      /^WARNING \(should\): [\s\S]*lacks protocol_version "1" and time/,
    );
    expect(findAll(byId['ping.clock-offset'], 'skipped')).toHaveLength(1);
    expect(findAll(byId['ping.pong'], 'failure')).toHaveLength(0);
  });

  it('exits 1 through the CLI and writes each failure, stack trace escaped, into the JUnit XML', async () => {
    const fixture = await errorsAs200(SECRET);
    fixtures.push(fixture);
    const run = await runCtb([
      'conformance',
      '--url',
      fixture.url,
      '--secret',
      SECRET,
      '--reporter',
      'junit',
      '--only',
      'routing,answers',
    ]);
    expect(run.code).toBe(1);
    const suite = findAll(parseXml(run.stdout), 'testsuite')[0];
    const failures = findAll(suite, 'failure');
    expect(suite.attributes.failures).toBe(String(failures.length));
    const stack = failures.find((f) => f.attributes.message.includes('stack trace'))!;
    expect(stack.attributes.message).toContain('"stack":"Error: no route');
  });
});
