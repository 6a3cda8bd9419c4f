// A 500 internal_error tells the client "see its log": the failure must then be in that log (stderr
// by default, or the given reporter), even when the API runs without a Fastify logger (ctb serve).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './helpers.ts';
import type { TestApi } from './helpers.ts';

let t: TestApi;
const reported: unknown[] = [];

beforeAll(async () => {
  t = await startApi({}, { onInternalError: (error) => reported.push(error) });
});
afterAll(async () => {
  await t?.close();
});

describe('an unexpected failure of the mock platform API', () => {
  it('answers 500 internal_error without a stack, and reports the error itself', async () => {
    const workspaces = t.engine.platform.workspaces;
    const list = workspaces.list;
    workspaces.list = () => {
      throw new TypeError('a bug in the handler');
    };
    try {
      const a = await t.call('GET', '/api/v1/org/workspaces', { token: t.tokens.member });
      expect(a.status).toBe(500);
      expect(a.json).toEqual({
        error: 'internal_error',
        message: 'the mock platform failed to handle this request; see its log',
      });
      expect(reported).toHaveLength(1);
      expect((reported[0] as Error).message).toBe('a bug in the handler');
    } finally {
      workspaces.list = list;
    }
    // A client's mistake is not reported as an internal error.
    expect((await t.call('GET', '/api/v1/org/workspaces')).status).toBe(401);
    expect(reported).toHaveLength(1);
  });
});
