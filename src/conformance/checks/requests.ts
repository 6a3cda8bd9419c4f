// Request validation checks (decisions.md 2): bodies that are not JSON, miss envelope fields,
// name an unknown type, speak another protocol version or exceed 1 MiB get their error codes.

import { DEFAULT_MAX_BODY_BYTES } from '../../protocol/index.ts';
import { describeAnswer, errorCodeOf, expectRefused, fail, pass } from '../expect.ts';
import type { CheckDefinition } from './check.ts';

const REF = 'decisions.md 2';

/** Connection failures that mean "the connector stopped reading and hung up". */
const CLOSED_CODES = new Set(['connection_reset', 'network_error', 'aborted']);

export const requestChecks: CheckDefinition[] = [
  {
    id: 'request.not-json',
    level: 'must',
    title: 'A correctly signed body that is not JSON answers invalid_request',
    reference: REF,
    expected: 'HTTP 400 {"type":"error","code":"invalid_request",...}',
    run: async (ctx) =>
      expectRefused(
        await ctx.send(ctx.signed('this is not JSON {')),
        400,
        'invalid_request',
        'the connector served a body it cannot have parsed',
      ),
  },
  {
    id: 'request.missing-fields',
    level: 'must',
    title: 'A JSON body without request_id and protocol_version answers invalid_request',
    reference: REF,
    expected: 'HTTP 400 {"type":"error","code":"invalid_request",...}',
    run: async (ctx) =>
      expectRefused(
        await ctx.send(ctx.signed('{"type":"ping"}')),
        400,
        'invalid_request',
        'the connector does not validate the request envelope',
      ),
  },
  {
    id: 'request.unknown-type',
    level: 'must',
    title: 'An unknown request type answers unknown_type',
    reference: REF,
    expected: 'HTTP 400 {"type":"error","code":"unknown_type",...}',
    run: async (ctx) =>
      expectRefused(
        await ctx.send(ctx.signed(ctx.body('conformance.unknown'))),
        400,
        'unknown_type',
        'the connector answers a type it does not serve',
      ),
  },
  {
    id: 'request.protocol-version',
    level: 'must',
    title: 'Protocol version "2" (body and header) answers unsupported_protocol_version',
    reference: 'protocol.md 9; decisions.md 2',
    expected: 'HTTP 400 {"type":"error","code":"unsupported_protocol_version",...}',
    run: async (ctx) => {
      const req = ctx.signed(ctx.body('ping', { protocol_version: '2' }), { protocolHeader: '2' });
      return expectRefused(
        await ctx.send(req),
        400,
        'unsupported_protocol_version',
        'the connector ignores the protocol version',
      );
    },
  },
  {
    id: 'request.protocol-header',
    level: 'must',
    title: 'A version "2" header with a version "1" body answers unsupported_protocol_version',
    reference: 'decisions.md 2',
    expected: 'HTTP 400 {"type":"error","code":"unsupported_protocol_version",...}',
    run: async (ctx) => {
      const req = ctx.signed(ctx.body('ping'), { protocolHeader: '2' });
      return expectRefused(
        await ctx.send(req),
        400,
        'unsupported_protocol_version',
        'the connector ignores the x-service-protocol header',
      );
    },
  },
  {
    // Decision: a connector may either answer 413 payload_too_large or stop reading and close the
    // connection; both protect it. Serving the request, or any other answer, fails.
    id: 'request.too-large',
    level: 'must',
    title: 'A signed body over 1 MiB is refused (413 payload_too_large, or the connection closed)',
    reference: REF,
    expected:
      'HTTP 413 {"type":"error","code":"payload_too_large",...}, or the connection closed before an answer',
    run: async (ctx) => {
      const base = ctx.body('ping');
      const padding = 'x'.repeat(DEFAULT_MAX_BODY_BYTES + 1024 - base.length);
      const ex = await ctx.send(ctx.signed(base.replace(/}$/, `,"padding":"${padding}"}`)));
      if (!ex.response && ex.error && CLOSED_CODES.has(ex.error.code))
        return pass(
          `the connector closed the connection (${ex.error.code}); acceptable, though the platform then sees a network error rather than payload_too_large`,
          ex,
        );
      if (ex.response?.status === 200 && errorCodeOf(ex) === null)
        return fail(
          `the connector served a ${DEFAULT_MAX_BODY_BYTES + 1024}-byte body: without a limit one caller can exhaust its memory (${describeAnswer(ex)})`,
          ex,
        );
      return expectRefused(ex, 413, 'payload_too_large', 'the connector has no body limit');
    },
  },
];
