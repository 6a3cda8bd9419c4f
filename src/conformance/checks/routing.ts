// Routing checks (protocol.md 4.1, decisions.md 2): only POST on the endpoint path is served;
// every other method or path answers 404 {"error":"not_found"}, even with a valid signature.

import type { CheckDefinition } from './check.ts';
import { expectNotFound } from '../expect.ts';

const REF = 'protocol.md 4.1; decisions.md 2';
const EXPECTED = 'HTTP 404 with body {"error":"not_found"}';

function methodCheck(method: string, id: string): CheckDefinition {
  return {
    id,
    level: 'must',
    title: `${method} on the endpoint path answers 404 not_found`,
    reference: REF,
    expected: EXPECTED,
    run: async (ctx) => {
      const body = method === 'GET' || method === 'DELETE' ? '' : ctx.body('ping');
      const req = body === '' ? ctx.unsigned(method, undefined) : ctx.signed(body, { method });
      return expectNotFound(await ctx.send(req));
    },
  };
}

export const routingChecks: CheckDefinition[] = [
  methodCheck('GET', 'routing.get-endpoint'),
  methodCheck('PUT', 'routing.put-endpoint'),
  methodCheck('DELETE', 'routing.delete-endpoint'),
  {
    id: 'routing.other-path',
    level: 'must',
    title: 'A signed POST on another path answers 404 not_found',
    reference: REF,
    expected: EXPECTED,
    run: async (ctx) => {
      const path = new URL(ctx.url).pathname.replace(/\/$/, '') + '-conformance-unknown';
      return expectNotFound(await ctx.send(ctx.signed(ctx.body('ping'), { path })));
    },
  },
  {
    id: 'routing.root-path',
    level: 'must',
    title: 'GET / answers 404 not_found (no index page, no framework banner)',
    reference: REF,
    expected: EXPECTED,
    run: async (ctx) => {
      if (new URL(ctx.url).pathname === '/')
        return { outcome: 'skip', message: 'the endpoint itself is "/"' };
      return expectNotFound(await ctx.send(ctx.unsigned('GET', '/')));
    },
  },
];
