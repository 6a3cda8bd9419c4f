// The exchanges the History store tests record: a mix of directions, connections, tools and
// verdicts the screen filters on, one second apart; each test supplies the ids it probes.

import type { ExchangeInput } from '../../../src/store/history.ts';

export const T0 = 1_800_000_000_000;
export const TOOLS = ['searchProducts', 'getProduct', 'calculateQuote'];

/** Exchange `i`, with its request and trace ids (and any other field) given by the test. */
export function screenExchange(
  i: number,
  fields: Pick<ExchangeInput, 'requestId' | 'traceId'> & Partial<ExchangeInput>,
): ExchangeInput {
  return {
    direction: i % 5 === 0 ? 'incoming' : 'outgoing',
    connectionId: i % 5 === 0 ? null : `conn_${i % 4}`,
    localConnectorId: i % 5 === 0 ? 'local_1' : null,
    requestType: 'tool.invoke',
    tool: TOOLS[i % 3],
    method: 'POST',
    url: 'http://127.0.0.1:9/',
    requestHeaders: [['content-type', 'application/json']],
    requestBody: Buffer.from(`{"n":${i}}`),
    responseStatus: i % 7 === 0 ? 500 : 200,
    verdict: i % 7 === 0 ? 'http_500' : 'ok',
    timing: { totalMs: i % 13 },
    startedAt: T0 + i * 1000,
    ...fields,
  };
}
