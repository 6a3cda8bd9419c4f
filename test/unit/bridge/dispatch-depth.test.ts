// Every transport's call path refuses an input nested deeper than any contract input: a console send
// whose parameters nest 10,000 levels is the caller's mistake (validation_error), not an internal error.

import { describe, expect, it } from 'vitest';
import { createDispatch, MAX_INPUT_DEPTH, nestsDeeperThan } from '../../../src/bridge/dispatch.ts';
import type { Handlers } from '../../../src/shared/index.ts';

const deep = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('the dispatch of a contract call', () => {
  it('answers validation_error for parameters nested 10,000 levels, before the handler runs', async () => {
    let ran = false;
    const handlers = {
      'console:send': (input: { parameters: unknown }) => {
        ran = true;
        return JSON.stringify(input.parameters).length;
      },
    } as unknown as Handlers;
    const result = await createDispatch(handlers, () => {})('console:send', {
      target: { kind: 'local', id: 'x' },
      type: 'tool.invoke',
      parameters: { nested: deep(10_000) },
    });
    expect(result).toEqual({
      ok: false,
      error: { code: 'validation_error', message: `the input nests deeper than ${MAX_INPUT_DEPTH} levels` },
    });
    expect(ran).toBe(false);
  });

  it('counts depth without recursing, and lets inputs at the limit through', () => {
    expect(nestsDeeperThan(deep(100_000), MAX_INPUT_DEPTH)).toBe(true);
    expect(nestsDeeperThan({ a: deep(MAX_INPUT_DEPTH - 1) }, MAX_INPUT_DEPTH)).toBe(false);
    expect(nestsDeeperThan({ a: deep(MAX_INPUT_DEPTH) }, MAX_INPUT_DEPTH)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
});
