// `ctb ... | head -2`: the reader goes away, stdout closes, and ctb must stop quietly (its own exit
// code, or 141 when a write hit the closed pipe; nothing on stderr), whichever command was writing.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../../fixtures/seed-history.ts';
import { serveDemoConnector, startCtb } from './run-ctb.ts';

const SECRET = 'whsec_closed_output';
const dir = mkdtempSync(join(tmpdir(), 'ctb-closed-output-'));
let connector: ChildProcessWithoutNullStreams;
let url = '';

beforeAll(async () => {
  seedHistory(join(dir, 'history'), 1_500);
  ({ url, child: connector } = await serveDemoConnector(SECRET, join(dir, 'connector')));
}, 30_000);
afterAll(() => {
  connector?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs ctb and closes its stdout after the first chunk, as `| head -1` does. */
function closedAfterFirstChunk(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = startCtb(args);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('close', (code) => resolve({ code, stderr }));
    child.stdin.end();
  });
}

describe('ctb with a reader that closes the pipe', () => {
  const history = join(dir, 'history');
  const cases: Array<[string, number, () => string[]]> = [
    ['tools --verbose', 0, () => ['tools', '--verbose', '--url', url, '--secret', SECRET]],
    // explain of a wrong signature exits 1: that verdict, or 141, but never a trace.
    [
      'explain',
      1,
      () => [
        'explain',
        '--secret',
        SECRET,
        '--body',
        '{}',
        '--signature',
        `v1=${'0'.repeat(64)}`,
        '--timestamp',
        '1',
      ],
    ],
    ['history list', 0, () => ['history', 'list', '--data-dir', history, '--limit', '1500']],
    ['history export', 0, () => ['history', 'export', '--format', 'json', '--data-dir', history]],
    ['conformance', 0, () => ['conformance', '--url', url, '--secret', SECRET]],
    ['run', 0, () => ['run', 'examples/scenarios', '--url', url, '--secret', SECRET]],
  ];
  it.each(cases)(
    '%s stops quietly with its own exit code or 141',
    async (_name, own, args) => {
      const { code, stderr } = await closedAfterFirstChunk(args());
      expect(stderr).toBe('');
      expect([own, 141]).toContain(code);
    },
    30_000,
  );
});
