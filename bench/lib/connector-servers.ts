// Child process of bench/scenarios.ts: serves either the SDK's node:http adapter or a bare
// node:http server doing the same work by hand (HMAC check, window check, JSON parse, reply).

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createConnector } from '../../src/connector/index.ts';

export const BENCH_SECRET = 'whsec_bench_connector_0123456789abcdef';
const SKEW = 300;
const kind = process.argv[2];

function echo(parameters: Record<string, unknown>): Record<string, unknown> {
  return { query: parameters.query, count: 0, products: [] };
}

async function startSdk(): Promise<number> {
  const connector = createConnector({ signingSecret: BENCH_SECRET }).tool(
    'searchProducts',
    {
      description: 'Search',
      input_schema: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
        required: ['query'],
      },
    },
    (p) => echo(p),
  );
  return (await connector.listen(0)).port;
}

/** What a careful hand-written endpoint does: verify over raw bytes, then parse and answer. */
function startBare(): Promise<number> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const sig = req.headers['x-service-signature'];
      const ts = req.headers['x-service-timestamp'];
      const reply = (status: number, payload: unknown) => {
        const text = JSON.stringify(payload);
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
      };
      if (
        typeof sig !== 'string' ||
        typeof ts !== 'string' ||
        !/^v1=[0-9a-f]{64}$/i.test(sig) ||
        !/^\d{1,11}$/.test(ts)
      )
        return reply(401, { type: 'error', code: 'invalid_signature', message: 'bad' });
      const expected = createHmac('sha256', BENCH_SECRET).update(`v1:${ts}:`).update(body).digest();
      if (
        !timingSafeEqual(expected, Buffer.from(sig.slice(3), 'hex')) ||
        Math.abs(Math.floor(Date.now() / 1000) - Number(ts)) > SKEW
      )
        return reply(401, { type: 'error', code: 'invalid_signature', message: 'bad' });
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(body.toString('utf8'));
      } catch {
        return reply(400, { type: 'error', code: 'invalid_request', message: 'not json' });
      }
      if (msg.type !== 'tool.invoke' || msg.tool !== 'searchProducts')
        return reply(400, { type: 'error', code: 'unknown_type', message: 'no' });
      reply(200, { type: 'result', output: echo(msg.parameters as Record<string, unknown>) });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

const port = kind === 'sdk' ? await startSdk() : await startBare();
process.send?.({ port });
process.on('SIGINT', () => process.exit(0));
