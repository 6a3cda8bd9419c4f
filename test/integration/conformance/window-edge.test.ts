// The future-outside check at the window's edge: a request whose clock second turns between signing
// and verifying lands exactly on the edge, so it is signed again instead of failing a correct connector.

import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/conformance/index.ts';
import type { RunningFixture } from '../../fixtures/broken-connectors/base.ts';
import { start as correct } from '../../fixtures/broken-connectors/correct.ts';
import { start as unboundedFuture } from '../../fixtures/broken-connectors/unbounded-future.ts';

const SECRET = 'whsec_window_edge_fixture_secret';
const fixtures: RunningFixture[] = [];
afterAll(async () => {
  for (const f of fixtures) await f.close();
});

const realSecond = () => Math.floor(Date.now() / 1000);

async function futureOutside(start: typeof correct, now: () => number) {
  const fixture = await start(SECRET);
  fixtures.push(fixture);
  const report = await runConformance({
    url: fixture.url,
    secret: SECRET,
    only: ['timestamp.future-outside'],
    now,
  });
  expect(report.checks.map((c) => c.id)).toEqual(['timestamp.future-outside']);
  return report.checks[0];
}

describe('timestamp.future-outside at the edge of the window', () => {
  it('signs again when the second turned on the way, and passes a correct connector', async () => {
    // The first signing reads a clock one second behind the connector's: the request arrives
    // exactly `skew` seconds ahead, inside a correct window (|now - ts| <= skew).
    let calls = 0;
    const check = await futureOutside(correct, () => (calls++ === 0 ? realSecond() - 1 : realSecond()));
    expect(check.outcome).toBe('pass');
    expect(calls).toBeGreaterThanOrEqual(3);
  });

  it('still fails a connector that serves the future, however often the second turns', async () => {
    // Every reading differs from the one before: the check retries its bounded number of times.
    let calls = 0;
    const check = await futureOutside(unboundedFuture, () => realSecond() - (calls++ % 2 === 0 ? 1 : 0));
    expect(check.outcome).toBe('fail');
    expect(check.message).toContain('only checks the past');
  });
});
