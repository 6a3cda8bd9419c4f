// Conformance catches every partial or lenient signature comparison: each fixture compares the
// digest, the scheme or the body a little wrongly and must fail exactly the checks that expose it.

import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/conformance/index.ts';
import type { RunningFixture } from '../../fixtures/broken-connectors/base.ts';
import { start as correct } from '../../fixtures/broken-connectors/correct.ts';
import { startPrefix, startSuffix } from '../../fixtures/broken-connectors/partial-digest.ts';
import { start as receivedLength } from '../../fixtures/broken-connectors/received-length.ts';
import { start as lenientHex } from '../../fixtures/broken-connectors/lenient-hex.ts';
import { start as caseSensitive } from '../../fixtures/broken-connectors/case-sensitive-digest.ts';
import { start as anyScheme } from '../../fixtures/broken-connectors/any-scheme.ts';
import { start as trimsBody } from '../../fixtures/broken-connectors/trims-body.ts';
import { start as prefixBody } from '../../fixtures/broken-connectors/prefix-body.ts';

const SECRET = 'whsec_partial_signature_secret';
const fixtures: RunningFixture[] = [];
afterAll(async () => {
  for (const f of fixtures) await f.close();
});

/** The failed must-level checks of a run limited to the signature stage (the flaws live there). */
async function failedChecks(start: (secret: string) => Promise<RunningFixture>): Promise<string[]> {
  const fixture = await start(SECRET);
  fixtures.push(fixture);
  const report = await runConformance({ url: fixture.url, secret: SECRET, only: ['signature'] });
  expect(report.checks.length).toBeGreaterThanOrEqual(21);
  return report.checks
    .filter((c) => c.outcome === 'fail' && c.level === 'must')
    .map((c) => c.id)
    .sort();
}

/** What every compare-the-first-N-characters connector lets through, whatever N < 64 is. */
const PREFIX_FLAWS = [
  'signature.extra-char',
  'signature.last-char-changed',
  'signature.no-scheme',
  'signature.one-char-short',
  'signature.trailing-garbage',
];

describe('conformance catches partial signature comparisons', () => {
  it('passes the flawless connector on every signature check', async () => {
    expect(await failedChecks(correct)).toEqual([]);
  });

  it('catches a connector comparing only the first 12 hex characters of the digest', async () => {
    expect(await failedChecks((s) => startPrefix(s, 12))).toEqual(
      [...PREFIX_FLAWS, 'signature.truncated'].sort(),
    );
  });

  it('catches a connector comparing any shorter prefix, up to 63 of the 64 characters', async () => {
    expect(await failedChecks((s) => startPrefix(s, 32))).toEqual(
      [...PREFIX_FLAWS, 'signature.truncated'].sort(),
    );
    expect(await failedChecks((s) => startPrefix(s, 63))).toEqual(PREFIX_FLAWS);
  });

  it('catches a connector comparing only the last 12 hex characters', async () => {
    expect(await failedChecks((s) => startSuffix(s, 12))).toEqual([
      'signature.first-char-changed',
      'signature.no-scheme',
      'signature.unknown-scheme',
    ]);
  });

  it('catches a connector comparing only as far as the received digest goes, empty included', async () => {
    expect(await failedChecks(receivedLength)).toEqual([
      'signature.empty-digest',
      'signature.one-char-short',
      'signature.truncated',
    ]);
  });

  it('catches a connector decoding the digest leniently with Buffer.from(value, "hex")', async () => {
    expect(await failedChecks(lenientHex)).toEqual(['signature.extra-char', 'signature.trailing-garbage']);
  });

  it('catches a connector refusing an uppercase digest, which decisions.md 1 says to accept', async () => {
    expect(await failedChecks((s) => caseSensitive(s))).toEqual([
      'signature.mixed-case-hex',
      'signature.uppercase-hex',
    ]);
  });

  it('catches a connector trying only the all-lower and all-upper digests', async () => {
    expect(await failedChecks((s) => caseSensitive(s, true))).toEqual(['signature.mixed-case-hex']);
  });

  it('catches a connector ignoring the "v1=" scheme', async () => {
    expect(await failedChecks(anyScheme)).toEqual(['signature.no-scheme', 'signature.unknown-scheme']);
  });

  it('catches a connector verifying a trimmed body: bytes appended after signing', async () => {
    expect(await failedChecks(trimsBody)).toEqual(['signature.body-appended']);
  });

  it('catches a connector verifying only the first 16 KiB, or even 1 KiB, of the body', async () => {
    expect(await failedChecks((s) => prefixBody(s))).toEqual(['signature.large-body']);
    expect(await failedChecks((s) => prefixBody(s, 1024))).toEqual(['signature.large-body']);
  });
});
