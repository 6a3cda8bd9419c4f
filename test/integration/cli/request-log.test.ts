// The connector's request log: lines leave the event loop in order, a window's lines in one write,
// and a reader that stops reading costs a bounded buffer and a count of dropped lines, never memory.

import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RequestLog } from '../../../src/cli/exchange-log.ts';

let dir: string;
let file: string;
let fd: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctb-request-log-'));
  file = join(dir, 'out.log');
  fd = openSync(file, 'w');
});
afterEach(() => {
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 5));
};

describe('RequestLog', () => {
  it('returns before the line is written, then writes every line in order', async () => {
    const log = new RequestLog(fd);
    for (let i = 0; i < 500; i++) log.line(`line ${i}`);
    expect(readFileSync(file, 'utf8')).toBe('');
    await settle();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toEqual(Array.from({ length: 500 }, (_, i) => `line ${i}`));
  });

  it('keeps lines written while a write is under way, and writes them after it', async () => {
    const log = new RequestLog(fd);
    log.line('first');
    await new Promise((r) => setImmediate(r));
    log.line('second');
    await settle();
    expect(readFileSync(file, 'utf8')).toBe('first\nsecond\n');
  });

  it('drops lines beyond its buffer and says how many', async () => {
    const log = new RequestLog(fd);
    const big = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 8; i++) log.line(big);
    log.flushSync();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('log lines dropped');
    expect(text.length).toBeLessThan(6 * 1024 * 1024);
  });
});
