// The connector's request log: lines leave the event loop in order, a window's lines in one write;
// a lagging reader gets every line later, one that stops costs a bounded buffer and a dropped count.

import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { durationText } from '../../../src/cli/exchange-log.ts';
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

  it('writes a head and its duration in order with other lines, escaping what would drive a terminal', async () => {
    const log = new RequestLog(fd);
    const head = '12:00:00  POST /service  ping  ok  200';
    log.timed(head, 0.1234);
    log.timed(head, 12.46);
    log.line('plain');
    log.timed('12:00:01  POST /service  tool.invoke \x1b[2Jwipe  ok  200', 3);
    log.timed(head, 0.2, '  (older secret 6a3c0abe)');
    // A note outside printable ASCII takes the general path and still comes out whole.
    log.timed(head, 1, '  (café)');
    // So does a duration only toFixed may round (a product on an exact half) or a negative one.
    log.timed(head, 0.15);
    log.timed(head, -0.5);
    log.timed(head, 1234567.89);
    await settle();
    expect(readFileSync(file, 'utf8').split('\n')).toEqual([
      `${head}  0.1 ms`,
      `${head}  12.5 ms`,
      'plain',
      '12:00:01  POST /service  tool.invoke \\u001b[2Jwipe  ok  200  3.0 ms',
      `${head}  0.2 ms  (older secret 6a3c0abe)`,
      `${head}  1.0 ms  (café)`,
      `${head}  0.1 ms`,
      `${head}  -0.5 ms`,
      `${head}  1234567.9 ms`,
      '',
    ]);
  });

  it('writes every duration exactly as durationText does', async () => {
    const log = new RequestLog(fd);
    const values = [
      0, -0, 0.04, 0.05, 0.05000001, 0.15, 0.25, 0.35, 0.45, 1.05, 1.45, 2.5, 9.95, 9.96, 99.95,
    ];
    values.push(999.95, 1e6 + 0.05, 123456789.95, 1e12 - 0.05, 1e12 + 0.25);
    // Seeded: the same values on every run, spread over the durations a log shows.
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 16807) % 2147483647;
      values.push((seed / 2147483647) * 10 ** ((i % 7) - 2));
      // Sums of tenths, where products land next to halves.
      values.push(((i % 200) + 0.5) / 10);
    }
    for (const v of values) log.timed('h', v);
    await settle();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toEqual(values.map((v) => `h  ${durationText(v)}`));
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
