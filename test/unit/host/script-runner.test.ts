// The script behaviour's worker runner: return values, thrown tool errors, time and memory limits.
// Each case runs a real worker, because the limits are what the runner is for.

import { afterAll, describe, expect, it } from 'vitest';
import { ScriptRunner } from '../../../src/connector/host/script-runner.ts';

const runner = new ScriptRunner();
afterAll(() => runner.stopAll());
const run = (source: string, extra: { timeoutMs?: number; memoryMb?: number } = {}) =>
  runner.run({
    source,
    parameters: { sku: 'A-1', qty: 2 },
    context: { requestId: 'r-1' },
    timeoutMs: extra.timeoutMs ?? 2000,
    memoryMb: extra.memoryMb ?? 32,
  });

describe('script behaviour runner', () => {
  it('returns the object a script returns, sync or after an await, with its console output', async () => {
    expect(await run('return { sku: parameters.sku, id: context.requestId }')).toMatchObject({
      ok: true,
      output: { sku: 'A-1', id: 'r-1' },
    });
    const later = await run(
      'await new Promise((r) => setTimeout(r, 5)); console.log("qty", parameters.qty); return { qty: parameters.qty * 2 }',
    );
    expect(later).toMatchObject({ ok: true, output: { qty: 4 }, logs: [{ level: 'log', text: 'qty 2' }] });
  });

  it('answers the code and message of a thrown toolError', async () => {
    expect(await run("throw toolError('out_of_stock', 'no stock for ' + parameters.sku)")).toMatchObject({
      ok: false,
      reason: 'tool_error',
      code: 'out_of_stock',
      message: 'no stock for A-1',
    });
  });

  it('reports any other throw as tool_error with its line', async () => {
    expect(await run('const x = 1;\nthrow new RangeError("bad qty")')).toMatchObject({
      ok: false,
      code: 'tool_error',
      message: 'script threw RangeError: bad qty (line 2)',
    });
  });

  it('refuses a return value that is not an object', async () => {
    expect(await run('return 42')).toMatchObject({
      ok: false,
      code: 'tool_error',
      message: 'script returned number, expected an object',
    });
    expect(await run('return [1]')).toMatchObject({ message: 'script returned array, expected an object' });
    expect(await run('')).toMatchObject({ message: 'script returned undefined, expected an object' });
  });

  it('stops a script that loops forever and says it timed out', async () => {
    const outcome = await run('while (true) {}', { timeoutMs: 150 });
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout', code: 'tool_error' });
    expect(outcome.ok ? '' : outcome.message).toContain('timed out after 150 ms');
    expect(runner.running).toBe(0);
  });

  it('stops a script that exceeds its memory limit', async () => {
    expect(
      await run('const a = []; for (;;) a.push(new Array(1e5).fill(Math.random()));', {
        memoryMb: 16,
        timeoutMs: 10_000,
      }),
    ).toMatchObject({ ok: false, reason: 'memory' });
  });

  it('reports a script that awaits forever instead of waiting for the time limit', async () => {
    expect(await run('await new Promise(() => {})', { timeoutMs: 10_000 })).toMatchObject({
      ok: false,
      reason: 'stopped',
      message: expect.stringContaining('never answered'),
    });
  });

  it('reports a syntax error at call time too', async () => {
    expect(await run('return {')).toMatchObject({ ok: false, reason: 'syntax' });
  });

  it('runs scripts without access to require or process', async () => {
    expect(await run('return { r: typeof require, p: typeof process }')).toMatchObject({
      ok: true,
      output: { r: 'undefined', p: 'undefined' },
    });
  });

  it('gives every call a fresh global scope', async () => {
    await run('globalThis.counter = 41; return {}');
    expect(await run('return { seen: typeof globalThis.counter }')).toMatchObject({
      output: { seen: 'undefined' },
    });
  });
});
