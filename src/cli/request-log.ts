// The request log of a locally served connector: each line is encoded into a byte buffer as it
// comes, and a window's lines leave in one write on libuv's thread pool, in order, off the event loop.

import { write, writev, writeSync } from 'node:fs';

import { durationText } from './exchange-log.ts';
import { terminalSafe } from './terminal.ts';

// Lines waiting beyond this are dropped (and counted) rather than held: a reader that stopped
// reading the pipe must not grow the server's memory without bound.
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/**
 * Lines gather this long before they go out in one write. Flushed at every turn of the loop, a
 * signed ping under load cost a thread-pool hand-off, a pipe write and a wake-up of the reader
 * every few requests, on a machine whose two cores the server and its clients already share.
 * Each write costs the event loop 50-150 us on these VMs whatever its size (waking a thread);
 * profiled under ping load, the flush took 2.4 us per request with 10 ms windows and 1.1 us
 * with 25 ms ones. With 50 ms, perf sampling of the server (its thread-pool threads included)
 * put the timer, the write's completion and the worker's write at 0.37 us per request, against
 * 0.69 us with 25 ms. A window still fits a socket's or a pipe's buffer at ~25k requests a
 * second, and a person reading the log does not see 50 ms.
 */
export const LOG_FLUSH_MS = 50;

// Lines are copied into buffers of this size. Kept as strings for the window, a busy server's
// lines outlived a young-generation collection or two and were copied each time; as bytes they
// cost one copy, and the write hands the thread pool bytes instead of a string to encode.
const CHUNK_BYTES = 64 * 1024;

/**
 * The request log. process.stdout writes to a pipe synchronously on Linux, one system call per
 * request on the event loop (the signed ping ran at 0.79x a bare verifier); here lines gather
 * for LOG_FLUSH_MS and go out in one write on libuv's thread pool, in order.
 */
export class RequestLog {
  private readonly fd: number;
  /** Filled chunks waiting for the next write, then the one being filled. */
  private full: Buffer[] = [];
  private chunk: Buffer | null = null;
  private used = 0;
  /** The chunk of the last write, reused once that write is done. */
  private spare: Buffer | null = null;
  private pendingBytes = 0;
  private dropped = 0;
  private scheduled = false;
  private writing = false;
  /** The last head given to timed(), and its bytes (terminal-safe, with the columns' separator). */
  private headText: string | null = null;
  private headBytes = Buffer.alloc(0);

  constructor(fd = 1) {
    this.fd = fd;
  }

  line(text: string): void {
    if (this.pendingBytes > MAX_PENDING_BYTES) {
      this.dropped++;
      return;
    }
    // A caller's tool name or request id must not drive the terminal of whoever watches the log.
    this.append(terminalSafe(text));
    if (!this.writing) this.schedule();
  }

  /**
   * The line `${head}  ${durationText(ms)}${note}`, where the note is short printable ASCII (which
   * secret matched). A head that is the same string as the last call's (exchangeHead returns it for
   * a repeated call) is copied as its bytes instead of being checked and encoded again, and the
   * duration is written as digits: toFixed and the strings around it were about a third of the
   * log's cost per request in a server profile.
   */
  timed(head: string, ms: number, note = ''): void {
    if (this.pendingBytes > MAX_PENDING_BYTES) {
      this.dropped++;
      return;
    }
    if (head !== this.headText) {
      this.headText = head;
      this.headBytes = Buffer.from(`${terminalSafe(head)}  `, 'utf8');
    }
    const bytes = this.headBytes;
    const room = bytes.length + MAX_DURATION_BYTES + note.length + 1;
    if (this.chunk === null || this.used + room > this.chunk.length) this.startChunk(room);
    const chunk = this.chunk!;
    chunk.set(bytes, this.used);
    let at = writeDuration(chunk, this.used + bytes.length, ms);
    for (let i = 0; at !== -1 && i < note.length; i++) {
      const c = note.charCodeAt(i);
      chunk[at++] = c;
      if (c < 0x20 || c > 0x7e) at = -1;
    }
    // Anything else takes the general path (checked, encoded); what was copied is overwritten.
    if (at === -1) return this.line(`${head}  ${durationText(ms)}${note}`);
    chunk[at++] = 0x0a;
    this.pendingBytes += at - this.used;
    this.used = at;
    if (!this.writing) this.schedule();
  }

  private append(text: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit; a long line is measured instead of guessed.
    const room = (text.length > 4096 ? Buffer.byteLength(text) : text.length * 3) + 1;
    if (this.chunk === null || this.used + room > this.chunk.length) this.startChunk(room);
    const chunk = this.chunk!;
    const n = chunk.write(text, this.used);
    chunk[this.used + n] = 0x0a;
    this.used += n + 1;
    this.pendingBytes += n + 1;
  }

  private startChunk(room: number): void {
    if (this.chunk !== null && this.used > 0) this.full.push(this.chunk.subarray(0, this.used));
    if (this.spare !== null && room <= CHUNK_BYTES) {
      this.chunk = this.spare;
      this.spare = null;
    } else this.chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, room));
    this.used = 0;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Unref'd: a log must not keep a finished process alive; the exit hook writes what waits.
    setTimeout(() => this.flush(), LOG_FLUSH_MS).unref();
  }

  /** What waits, as the buffers to write; the log starts a fresh chunk after. */
  private take(): Buffer[] {
    if (this.dropped) {
      const count = this.dropped;
      this.dropped = 0;
      this.append(`(${count} log lines dropped: the output was not read fast enough)`);
    }
    const out = this.full;
    if (this.chunk !== null && this.used > 0) out.push(this.chunk.subarray(0, this.used));
    this.full = [];
    this.chunk = null;
    this.used = 0;
    this.pendingBytes = 0;
    return out;
  }

  private flush(): void {
    this.scheduled = false;
    if (this.writing || (this.pendingBytes === 0 && this.dropped === 0)) return;
    this.writing = true;
    const base = this.chunk;
    const out = this.take();
    const done = (error: NodeJS.ErrnoException | null, written: number) => {
      this.writing = false;
      if (error && error.code !== 'EAGAIN') {
        // A closed or broken output loses the log, never the server.
        this.keep(base);
      } else {
        // stdout made non-blocking (a pipe Node opened) takes part of a window, or none of it, when
        // its reader lags: the rest goes first in the next write, still bounded by MAX_PENDING_BYTES.
        const rest = unwritten(out, error ? 0 : written);
        if (rest.length === 0) this.keep(base);
        else {
          this.full = [...rest, ...this.full];
          for (const b of rest) this.pendingBytes += b.length;
        }
      }
      if (this.pendingBytes > 0 || this.dropped > 0) this.schedule();
    };
    if (out.length === 1) write(this.fd, out[0], 0, out[0].length, null, done);
    else writev(this.fd, out, null, done);
  }

  /** A written chunk of the usual size is filled again; a larger one (a huge line) is let go. */
  private keep(chunk: Buffer | null): void {
    if (chunk !== null && chunk.length === CHUNK_BYTES) this.spare = chunk;
  }

  /** Writes what is still waiting, synchronously: for process exit only. */
  flushSync(): void {
    if (this.pendingBytes === 0 && this.dropped === 0) return;
    try {
      for (let chunk of this.take())
        // A non-blocking pipe may take part of a chunk: the rest follows, as long as it takes some.
        for (let n = writeSync(this.fd, chunk); n > 0 && n < chunk.length; n = writeSync(this.fd, chunk))
          chunk = chunk.subarray(n);
    } catch {
      // The output is gone; nothing left to tell.
    }
  }
}

/** `999999999999.9 ms`: the longest duration writeDuration writes. */
const MAX_DURATION_BYTES = 17;

/**
 * Writes `ms` as durationText does (`12.3 ms`) at `at` and returns the end, or -1 for what only
 * toFixed may decide: a negative or huge value, or a product `ms * 10` that landed exactly on a
 * half. Any other product rounds as toFixed(1) does, which rounds the exact value of `ms`: no
 * half-integer (all are doubles here) can lie between that exact value and its nearest double.
 */
function writeDuration(chunk: Buffer, at: number, ms: number): number {
  const x = ms * 10;
  if (!(x >= 0 && x < 1e13) || x - Math.floor(x) === 0.5) return -1;
  const tenths = Math.round(x);
  let whole = Math.floor(tenths / 10);
  let digits = 1;
  for (let p = 10; p <= whole; p *= 10) digits++;
  for (let i = digits - 1; i >= 0; i--) {
    chunk[at + i] = 0x30 + (whole % 10);
    whole = Math.floor(whole / 10);
  }
  at += digits;
  chunk[at++] = 0x2e; // .
  chunk[at++] = 0x30 + (tenths % 10);
  chunk[at++] = 0x20;
  chunk[at++] = 0x6d; // m
  chunk[at++] = 0x73; // s
  return at;
}

/** The buffers past the first `written` bytes of `out`. */
function unwritten(out: Buffer[], written: number): Buffer[] {
  const rest: Buffer[] = [];
  for (const b of out) {
    if (written >= b.length) written -= b.length;
    else {
      rest.push(written > 0 ? b.subarray(written) : b);
      written = 0;
    }
  }
  return rest;
}

let shared: RequestLog | null = null;

/** The process's request log on stdout, flushed on exit. */
export function requestLog(): RequestLog {
  if (!shared) {
    const log = (shared = new RequestLog(1));
    process.once('exit', () => log.flushSync());
  }
  return shared;
}
