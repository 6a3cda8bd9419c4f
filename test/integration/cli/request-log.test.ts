// The connector's request log: lines leave the event loop in order, a window's lines in one write;
// a lagging reader gets every line later, one that stops costs a bounded buffer and a dropped count.

import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RequestLog } from '../../../src/cli/request-log.ts';

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

  it('writes every line whole across its buffers: multi-byte text and a line larger than a buffer', async () => {
    const log = new RequestLog(fd);
    const lines = Array.from({ length: 3000 }, (_, i) => `${i} café ✓ 🚀 ${'é'.repeat(i % 50)}`);
    lines.splice(1500, 0, `huge ${'ü'.repeat(200_000)}`);
    for (const l of lines) log.line(l);
    await settle();
    expect(readFileSync(file, 'utf8')).toBe(lines.join('\n') + '\n');
  });

  it('writes a head and its tail in order with other lines, escaping what would drive a terminal', async () => {
    const log = new RequestLog(fd);
    const head = '12:00:00  POST /service  ping  ok  200';
    log.timed(head, '0.1 ms');
    log.timed(head, '12.5 ms');
    log.line('plain');
    log.timed('12:00:01  POST /service  tool.invoke \x1b[2Jwipe  ok  200', '3.0 ms');
    log.timed(head, '0.2 ms');
    // A tail outside printable ASCII takes the general path and still comes out whole.
    log.timed(head, '1.0 ms  (café)');
    log.timed(head, '0.3 ms');
    await settle();
    expect(readFileSync(file, 'utf8').split('\n')).toEqual([
      `${head}  0.1 ms`,
      `${head}  12.5 ms`,
      'plain',
      '12:00:01  POST /service  tool.invoke \\u001b[2Jwipe  ok  200  3.0 ms',
      `${head}  0.2 ms`,
      `${head}  1.0 ms  (café)`,
      `${head}  0.3 ms`,
      '',
    ]);
  });

  it('keeps what a non-blocking pipe cannot take yet, and writes it in order once read', async () => {
    // Node makes a stdout pipe non-blocking: a lagging reader makes a write partial, or EAGAIN.
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    try {
      const log = new RequestLog(writer);
      // ~240 KiB: several times what the pipe holds while nobody reads.
      const lines = Array.from({ length: 4000 }, (_, i) => `line ${i} ${'x'.repeat(50)}`);
      for (const l of lines) log.line(l);
      await settle();
      let text = '';
      const buf = Buffer.alloc(64 * 1024);
      for (let i = 0; i < 400 && text.length < lines.length * 60; i++) {
        try {
          const n = readSync(reader, buf);
          text += buf.toString('latin1', 0, n);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
          await new Promise((r) => setTimeout(r, 10));
        }
      }
      expect(text).toBe(lines.join('\n') + '\n');
    } finally {
      closeSync(writer);
      closeSync(reader);
    }
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
