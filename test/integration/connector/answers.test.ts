// The connector SDK's answers over a real socket: every success type, every error code of
// decisions.md 2 with its HTTP status, the 404 rule and the skew window through the SDK.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector, ToolError } from '../../../src/connector/index.ts';
import type { Connector, ListeningConnector, ToolContext } from '../../../src/connector/index.ts';
import { sign } from '../../../src/protocol/index.ts';
import { SECRET, envelope, invoke, signedPost } from './helpers.ts';

const NOW = 1_800_000_000;
const metadata = {
  version: 1,
  events: [{ id: 'order.placed', label: 'Order placed' }],
  actions: [{ id: 'approve', label: 'Approve' }],
  tasks: [{ id: 'review', label: 'Review', priority: 'high' }],
};

function build(): { connector: Connector; contexts: ToolContext[] } {
  const contexts: ToolContext[] = [];
  const connector = createConnector({ signingSecret: SECRET, now: () => NOW })
    .tool(
      'lookup',
      {
        description: 'Looks a thing up',
        input_schema: {
          type: 'object',
          properties: {
            sku: { type: 'string', minLength: 1 },
            qty: { type: 'integer', minimum: 1 },
            tags: { type: 'array', items: { type: 'string' } },
          },
          required: ['sku'],
          additionalProperties: false,
        },
      },
      (p, ctx) => {
        contexts.push(ctx);
        return { sku: p.sku, qty: p.qty ?? 1, greeting: 'héllo ✓' };
      },
    )
    .tool(
      'approve',
      { description: 'Manager only', chat: false, auth: 'optional', input_schema: { type: 'object' } },
      () => ({ ok: true }),
    )
    .tool('refuse', { description: 'Throws a ToolError', input_schema: { type: 'object' } }, () => {
      throw new ToolError('out_of_stock', 'SKU-1 is out of stock', { sku: 'SKU-1' });
    })
    .tool('crash', { description: 'Throws a plain Error', input_schema: { type: 'object' } }, async () => {
      throw new Error('database connection lost\n    at Object.query (/srv/app/db.js:10:5)');
    })
    .tool(
      'array',
      { description: 'Returns an array', input_schema: { type: 'object' } },
      () => [1, 2] as never,
    )
    .metadata(metadata);
  return { connector, contexts };
}

let server: ListeningConnector;
let built: ReturnType<typeof build>;
const post = (payload: unknown, options: Parameters<typeof signedPost>[2] = {}) =>
  signedPost(server.url, payload, { timestamp: NOW, ...options });

beforeAll(async () => {
  built = build();
  server = await built.connector.listen(0);
});
afterAll(() => server.close());

describe('connector answers', () => {
  it('listens on 127.0.0.1 and reports the endpoint URL', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/service`);
  });

  it('answers ping with pong, its protocol version and its clock', async () => {
    const a = await post(envelope('ping'));
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/json');
    expect(a.json).toEqual({ type: 'pong', protocol_version: '1', time: NOW });
  });

  it('answers capabilities.list with wire tool definitions and the metadata', async () => {
    const a = await post(envelope('capabilities.list'));
    expect(a.status).toBe(200);
    expect(a.json.type).toBe('capabilities');
    expect(a.json.protocol_version).toBe('1');
    expect(a.json.metadata).toEqual(metadata);
    const tools = a.json.tools as Array<Record<string, unknown>>;
    expect(tools.map((t) => t.name)).toEqual(['lookup', 'approve', 'refuse', 'crash', 'array']);
    expect(tools[0]).toEqual({
      name: 'lookup',
      description: 'Looks a thing up',
      auth: 'none',
      chat: true,
      input_schema: expect.objectContaining({ type: 'object', required: ['sku'] }),
    });
    expect(tools[1]).toMatchObject({ name: 'approve', chat: false, auth: 'optional' });
  });

  it('leaves metadata out of capabilities when none was declared', async () => {
    const bare = await createConnector({ signingSecret: SECRET }).listen(0);
    try {
      const a = await signedPost(bare.url, envelope('capabilities.list'));
      expect(a.json).toEqual({ type: 'capabilities', protocol_version: '1', tools: [] });
    } finally {
      await bare.close();
    }
  });

  it('answers the legacy tools.list with type tools', async () => {
    const a = await post(envelope('tools.list'));
    expect(a.status).toBe(200);
    expect(Object.keys(a.json).sort()).toEqual(['tools', 'type']);
    expect(a.json.type).toBe('tools');
    expect((a.json.tools as unknown[]).length).toBe(5);
  });

  it('runs a tool and passes the request context to the handler', async () => {
    const a = await post(invoke('lookup', { sku: 'SKU-1', qty: 2 }, { request_id: 'req-ctx' }), {
      headers: { 'x-service-trace-id': 'trace-9' },
    });
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ type: 'result', output: { sku: 'SKU-1', qty: 2, greeting: 'héllo ✓' } });
    expect(built.contexts.at(-1)).toEqual({
      requestId: 'req-ctx',
      conversationId: 'conv_1',
      organizationId: 'org_1',
      channel: 'whatsapp',
      identity: {},
      tool: 'lookup',
      traceId: 'trace-9',
    });
  });
});

describe('connector error answers', () => {
  const expectError = (
    a: { status: number; json: Record<string, unknown> },
    status: number,
    code: string,
  ) => {
    expect(a.status).toBe(status);
    expect(a.json.type).toBe('error');
    expect(a.json.code).toBe(code);
    expect(typeof a.json.message).toBe('string');
  };

  it('answers invalid_signature 401 with a generic message when the secret differs', async () => {
    const a = await post(envelope('ping'), { secret: 'another-secret' });
    expectError(a, 401, 'invalid_signature');
    expect(a.json.message).toBe('the request signature could not be verified');
  });

  it('answers invalid_signature 401 when the body was altered after signing', async () => {
    const body = JSON.stringify(envelope('ping'));
    const headers = sign(SECRET, body, { timestamp: NOW });
    const res = await fetch(server.url, {
      method: 'POST',
      body: body.replace('ping', 'pong'),
      headers: { ...headers },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      type: 'error',
      code: 'invalid_signature',
      message: 'the request signature could not be verified',
    });
  });

  it('answers invalid_signature 401 when the signing headers are missing', async () => {
    const res = await fetch(server.url, { method: 'POST', body: JSON.stringify(envelope('ping')) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_signature');
  });

  it('answers invalid_request 400 for a signed body that is not JSON', async () => {
    expectError(await post('not json {'), 400, 'invalid_request');
  });

  it('answers invalid_request 400 for a JSON array body', async () => {
    expectError(await post('[1,2]'), 400, 'invalid_request');
  });

  it('answers invalid_request 400 when request_id is missing', async () => {
    const a = await post({ type: 'ping', protocol_version: '1' });
    expectError(a, 400, 'invalid_request');
    expect(a.json.message).toContain('request_id');
  });

  it('answers unsupported_protocol_version 400 when the body says another version', async () => {
    const a = await post({ ...envelope('ping'), protocol_version: '2' });
    expectError(a, 400, 'unsupported_protocol_version');
  });

  it('answers unsupported_protocol_version 400 when the header says another version', async () => {
    expectError(await post(envelope('ping'), { protocolVersion: '2' }), 400, 'unsupported_protocol_version');
  });

  it('answers unknown_type 400 for a type it does not serve', async () => {
    const a = await post(envelope('tools.delete'));
    expectError(a, 400, 'unknown_type');
    expect(a.json.message).toContain('tools.delete');
  });

  it('answers unknown_tool 200 for a tool that is not registered', async () => {
    expectError(await post(invoke('nope', {})), 200, 'unknown_tool');
  });

  it('answers invalid_parameters 200 listing every failing path', async () => {
    const a = await post(invoke('lookup', { qty: 0, tags: ['ok', 3], extra: true }));
    expectError(a, 200, 'invalid_parameters');
    const message = a.json.message as string;
    expect(message).toContain('/sku is required');
    expect(message).toContain('/qty must be >= 1');
    expect(message).toContain('/tags/1 must be string');
    expect(message).toContain('/extra is not allowed');
  });

  it('answers invalid_parameters 200 when parameters is not an object', async () => {
    expectError(await post(invoke('lookup', 'SKU-1')), 200, 'invalid_parameters');
  });

  it("answers a ToolError's own code and message with HTTP 200", async () => {
    const a = await post(invoke('refuse', {}));
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ type: 'error', code: 'out_of_stock', message: 'SKU-1 is out of stock' });
  });

  it('answers tool_error 200 for a plain Error without leaking the stack', async () => {
    const a = await post(invoke('crash', {}));
    expectError(a, 200, 'tool_error');
    expect(a.json.message).toBe('tool "crash" failed: database connection lost');
    expect(a.text).not.toContain('db.js');
    expect(a.text).not.toMatch(/\bat /);
  });

  it('answers tool_error 200 when a handler returns something other than an object', async () => {
    const a = await post(invoke('array', {}));
    expectError(a, 200, 'tool_error');
    expect(a.json.message).toContain('returned an array; a tool must return a JSON object');
  });

  it('answers 404 not_found to GET, PUT and other paths', async () => {
    for (const [method, path] of [
      ['GET', '/service'],
      ['PUT', '/service'],
      ['DELETE', '/service'],
      ['POST', '/other'],
      ['POST', '/service/extra'],
      ['GET', '/'],
    ]) {
      const res = await fetch(new URL(path, server.url), {
        method,
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found' });
    }
  });

  it('serves the endpoint with a query string', async () => {
    const a = await signedPost(server.url + '?probe=1', envelope('ping'), { timestamp: NOW });
    expect(a.json.type).toBe('pong');
  });
});

describe('timestamp window through the SDK', () => {
  it.each([
    ['300 s old', -300, 200],
    ['300 s in the future', 300, 200],
    ['301 s old', -301, 401],
    ['301 s in the future', 301, 401],
  ])('answers a request signed %s with %i', async (_label, offset, status) => {
    const a = await post(envelope('ping'), { timestamp: NOW + offset });
    expect(a.status).toBe(status);
    if (status === 401)
      expect(a.json).toEqual({
        type: 'error',
        code: 'invalid_signature',
        message: 'the request signature could not be verified',
      });
  });

  it('honours a configured window', async () => {
    const tight = await createConnector({
      signingSecret: SECRET,
      now: () => NOW,
      maxTimestampSkewSeconds: 5,
    }).listen(0);
    try {
      expect((await signedPost(tight.url, envelope('ping'), { timestamp: NOW - 5 })).status).toBe(200);
      expect((await signedPost(tight.url, envelope('ping'), { timestamp: NOW + 6 })).status).toBe(401);
    } finally {
      await tight.close();
    }
  });
});
