// A process writing History is SIGKILLed mid-burst: every exchange it reported committed must be
// there afterwards, and SQLite's integrity check must pass (WAL + synchronous=NORMAL).

import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';

const WRITER = fileURLToPath(new URL('./fixtures/history-writer.ts', import.meta.url));
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('history under a killed writer', () => {
  it('keeps every committed exchange and passes integrity_check after SIGKILL mid-burst', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-crash-'));
    const file = join(dir, 'testbench.db');
    const child = spawn(process.execPath, [WRITER, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const committed: number[] = [];
    let buffered = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines)
          if (line.startsWith('committed ')) committed.push(...line.slice(10).split(',').map(Number));
        // Kill while it is still writing: well past the first transactions, never at a boundary we chose.
        if (committed.length >= 2000 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => resolve());
    });
    expect(await exited).toBe('SIGKILL');
    expect(committed.length).toBeGreaterThanOrEqual(2000);

    const db = openDatabase(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const history = new History(db);
      const present = new Set(
        (db.prepare('SELECT id FROM exchanges').all() as Array<{ id: number }>).map((r) => r.id),
      );
      const missing = committed.filter((id) => !present.has(id));
      expect(missing).toEqual([]);
      // Rows are whole, not torn: a reported exchange reads back with its body.
      expect(history.get(committed[committed.length - 1])!.requestBody.length).toBe(4096);
    } finally {
      db.close();
    }
  });
});
