// `ctb history list|export --limit N` gives N exchanges (up to 10,000) even though the store answers
// at most 500 per window, and says "truncated" only when older ones really remain.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../../fixtures/seed-history.ts';
import { runCtb } from './run-ctb.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ctb-history-limit-'));
let range: { first: number; last: number };

beforeAll(() => {
  range = seedHistory(dataDir, 1_200);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('ctb history with a limit over 500', () => {
  it('lists 1,100 exchanges newest first, and says older ones remain', async () => {
    const run = await runCtb(['history', 'list', '--data-dir', dataDir, '--limit', '1100', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const listed = JSON.parse(run.stdout) as { exchanges: Array<{ id: number }>; more: boolean };
    expect(listed.exchanges).toHaveLength(1_100);
    expect(listed.exchanges[0].id).toBe(range.last);
    expect(new Set(listed.exchanges.map((e) => e.id)).size).toBe(1_100);
    expect(listed.more).toBe(true);
  });

  it('exports all 1,200 with the default limit, not truncated', async () => {
    const file = join(dataDir, 'all.json');
    const run = await runCtb(['history', 'export', '--format', 'json', '--data-dir', dataDir, '-o', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/exported 1200 exchanges .*\(redacted\)/);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { exchanges: unknown[] };
    expect(doc.exchanges).toHaveLength(1_200);
  });
});
