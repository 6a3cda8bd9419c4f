// Runs a script behaviour in a fresh worker thread per call, under a heap limit and a time limit:
// a runaway or crashing script is terminated and answers tool_error; the host never stops.

import { Worker } from 'node:worker_threads';
import type { JsonObject } from '../../protocol/index.ts';
import { SCRIPT_FILENAME, wrapScript } from './script-source.ts';

export interface ScriptLog {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
}

export type ScriptFailureReason =
  'timeout' | 'memory' | 'syntax' | 'threw' | 'tool_error' | 'bad_return' | 'crashed' | 'stopped';

export type ScriptOutcome =
  | { ok: true; output: JsonObject; logs: ScriptLog[]; durationMs: number }
  | {
      ok: false;
      reason: ScriptFailureReason;
      code: string;
      message: string;
      logs: ScriptLog[];
      durationMs: number;
    };

export interface ScriptRun {
  source: string;
  parameters: JsonObject;
  context: JsonObject;
  timeoutMs: number;
  memoryMb: number;
}

// Plain CommonJS run with `eval: true`: no file to locate, so it works from sources, tests and a
// bundled build alike. The script itself runs in a vm context without require/process: it gets
// the data it needs as arguments and cannot reach the host's files by accident.
const WORKER_SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');
const vm = require('node:vm');
const CODE = /^[a-z][a-z0-9_.-]{0,63}$/;
const logs = [];
const format = (v) => { if (typeof v === 'string') return v; try { return JSON.stringify(v); } catch { return String(v); } };
const push = (level) => (...args) => { if (logs.length < 100) logs.push({ level, text: args.map(format).join(' ').slice(0, 2000) }); };
const lineOf = (stack) => { const m = /tool-script\.js:(\d+)/.exec(String(stack || '')); return m ? Number(m[1]) : null; };
const MARK = Symbol('toolError');
function toolError(code, message) {
  if (typeof code !== 'string' || !CODE.test(code)) throw new TypeError('toolError code ' + JSON.stringify(code) + ' must be snake_case (a-z, 0-9, _ . -), starting with a letter');
  const e = new Error(String(message ?? ''));
  e.name = 'ToolError'; e.code = code; e[MARK] = true;
  return e;
}
const sandbox = {
  console: { log: push('log'), info: push('info'), warn: push('warn'), error: push('error'), debug: push('debug') },
  toolError, setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask, structuredClone,
  URL, URLSearchParams, TextEncoder, TextDecoder, AbortController, AbortSignal, fetch, Headers, Request, Response,
  crypto: globalThis.crypto, atob, btoa,
};
const post = (m) => parentPort.postMessage({ ...m, logs });
function compile(source, wrapped, filename) {
  try {
    new (async () => {}).constructor('parameters', 'context', source);
  } catch (e) {
    let line = null;
    try { new vm.Script(wrapped, { filename, lineOffset: -1 }); } catch (located) { line = lineOf(located && located.stack); }
    return { error: { kind: 'syntax', message: e.name + ': ' + e.message, line } };
  }
  const ctx = vm.createContext(sandbox, { codeGeneration: { strings: true, wasm: false } });
  return { fn: new vm.Script(wrapped, { filename, lineOffset: -1 }).runInContext(ctx) };
}
parentPort.once('message', async ({ source, wrapped, filename, parameters, context }) => {
  // Once the job is in, only the script may keep this thread alive: a promise nothing will
  // settle then ends the thread, which the host reports instead of waiting for the time limit.
  parentPort.unref();
  const compiled = compile(source, wrapped, filename);
  if (compiled.error) return post(compiled.error);
  parentPort.postMessage({ kind: 'started' });
  let value;
  try {
    value = await compiled.fn(parameters, context);
  } catch (e) {
    if (e && e[MARK]) return post({ kind: 'tool_error', code: e.code, message: e.message });
    if (e && typeof e === 'object') return post({ kind: 'threw', name: String(e.name || 'Error'), message: String(e.message), line: lineOf(e.stack) });
    return post({ kind: 'threw', name: 'a ' + typeof e, message: format(e), line: null });
  }
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (type !== 'object') return post({ kind: 'bad_return', type });
  try {
    post({ kind: 'result', json: JSON.stringify(value) });
  } catch (e) {
    post({ kind: 'bad_json', message: String(e && e.message) });
  }
});
`;

type WorkerMessage =
  | { kind: 'started' }
  | { kind: 'syntax'; message: string; line: number | null; logs: ScriptLog[] }
  | { kind: 'tool_error'; code: string; message: string; logs: ScriptLog[] }
  | { kind: 'threw'; name: string; message: string; line: number | null; logs: ScriptLog[] }
  | { kind: 'bad_return'; type: string; logs: ScriptLog[] }
  | { kind: 'bad_json'; message: string; logs: ScriptLog[] }
  | { kind: 'result'; json: string; logs: ScriptLog[] };

/** Time a worker may take to start and compile before the script's own clock starts. */
const STARTUP_GRACE_MS = 10_000;

/**
 * Owns the workers of one running connector so stopping it ends every script still running.
 * Each call gets a worker that never ran anything else (no state leaks between calls); one spare
 * is started ahead so a call does not wait for a thread to boot (bench/host-script.ts).
 */
export class ScriptRunner {
  private readonly live = new Set<Worker>();
  private spare: { worker: Worker; memoryMb: number } | null = null;
  private stopped = false;
  private readonly keepSpare: boolean;

  /** `spare: false` boots each worker on demand (the bench compares both). */
  constructor(options: { spare?: boolean } = {}) {
    this.keepSpare = options.spare ?? true;
  }

  get running(): number {
    return this.live.size;
  }

  run(job: ScriptRun): Promise<ScriptOutcome> {
    const started = performance.now();
    const worker = this.takeWorker(job.memoryMb);
    this.live.add(worker);
    worker.ref();
    return new Promise<ScriptOutcome>((resolve) => {
      let settled = false;
      const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
      const finish = (outcome: ScriptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.live.delete(worker);
        worker.removeAllListeners();
        void worker.terminate();
        resolve(outcome);
      };
      const fail = (
        reason: ScriptFailureReason,
        message: string,
        logs: ScriptLog[] = [],
        code = 'tool_error',
      ) => finish({ ok: false, reason, code, message, logs, durationMs: elapsed() });
      let timer = setTimeout(
        () => fail('timeout', `script did not start within ${STARTUP_GRACE_MS} ms`),
        STARTUP_GRACE_MS + job.timeoutMs,
      );
      let begun = false;
      worker.on('message', (m: WorkerMessage) => {
        if (m.kind === 'started') {
          begun = true;
          clearTimeout(timer);
          timer = setTimeout(
            () =>
              fail(
                'timeout',
                `script timed out after ${job.timeoutMs} ms (timeoutMs) and was stopped: look for an endless loop or a slow await`,
              ),
            job.timeoutMs,
          );
          return;
        }
        switch (m.kind) {
          case 'result':
            return finish({
              ok: true,
              output: JSON.parse(m.json) as JsonObject,
              logs: m.logs,
              durationMs: elapsed(),
            });
          case 'tool_error':
            return fail('tool_error', m.message, m.logs, m.code);
          case 'syntax':
            return fail(
              'syntax',
              `script does not compile: ${m.message}${m.line === null ? '' : ` (line ${m.line})`}`,
              m.logs,
            );
          case 'threw':
            return fail(
              'threw',
              `script threw ${m.name}: ${m.message}${m.line === null ? '' : ` (line ${m.line})`}`,
              m.logs,
            );
          case 'bad_return':
            return fail('bad_return', `script returned ${m.type}, expected an object`, m.logs);
          case 'bad_json':
            return fail(
              'bad_return',
              `script returned an object that cannot be written as JSON: ${m.message}`,
              m.logs,
            );
        }
      });
      worker.on('error', (err: Error & { code?: string }) => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY')
          fail('memory', `script ran out of memory (memoryMb ${job.memoryMb}) and was stopped`);
        else fail('crashed', `script worker failed: ${err.message}`);
      });
      worker.on('exit', (code) =>
        fail(
          'stopped',
          begun && code === 0
            ? 'script never answered: it awaits a promise that nothing will settle'
            : `script stopped before answering (worker exit code ${code})`,
        ),
      );
      worker.postMessage({
        source: job.source,
        wrapped: wrapScript(job.source),
        filename: SCRIPT_FILENAME,
        parameters: job.parameters,
        context: job.context,
      });
    });
  }

  private takeWorker(memoryMb: number): Worker {
    let worker: Worker;
    if (this.spare && this.spare.memoryMb === memoryMb) worker = this.spare.worker;
    else {
      if (this.spare) void this.spare.worker.terminate();
      worker = spawn(memoryMb);
    }
    this.spare = null;
    if (!this.stopped && this.keepSpare) this.spare = { worker: spawn(memoryMb), memoryMb };
    return worker;
  }

  /** Ends every script still running and the spare (the connector is stopping or reloading). */
  async stopAll(): Promise<void> {
    this.stopped = true;
    const workers = [...this.live, ...(this.spare ? [this.spare.worker] : [])];
    this.live.clear();
    this.spare = null;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function spawn(memoryMb: number): Worker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb,
      maxYoungGenerationSizeMb: Math.max(1, Math.min(16, Math.floor(memoryMb / 4))),
      stackSizeMb: 4,
    },
    stdout: true,
    stderr: true,
  });
  // The script's console is captured; the thread's own streams are drained so they never block.
  worker.stdout.resume();
  worker.stderr.resume();
  // An idle spare must not keep the process alive, nor crash it if it dies before being used.
  worker.unref();
  worker.on('error', () => {});
  return worker;
}
