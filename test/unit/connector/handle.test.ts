// The transport-free core: connector.handle() takes bytes and headers and reports what happened
// (verification, type, tool, code) for logs, while the wire body stays generic.

import { describe, expect, it } from 'vitest';
import { ToolError, createConnector } from '../../../src/connector/index.ts';
import type { ExchangeEvent } from '../../../src/connector/index.ts';
import { sign } from '../../../src/protocol/index.ts';

const SECRET = 'unit-secret';
const NOW = 1_800_000_000;

function connector() {
  const events: ExchangeEvent[] = [];
  const c = createConnector({ signingSecret: SECRET, now: () => NOW, endpointPath: '/hooks/ctb' })
    .tool('fail', { description: 'Fails', input_schema: { type: 'object' } }, () => {
      throw new ToolError('quota_exceeded', 'monthly quota reached', { limit: 10 });
    })
    .tool('throwsString', { description: 'Throws a string', input_schema: { type: 'object' } }, () => {
      throw 'bare string';
    })
    .tool('circular', { description: 'Returns a cycle', input_schema: { type: 'object' } }, () => {
      const o: Record<string, unknown> = {};
      o.self = o;
      return o;
    })
    .on('exchange', (e) => events.push(e));
  return { c, events };
}

function signed(payload: unknown, timestamp = NOW) {
  const body = Buffer.from(JSON.stringify(payload));
  return { method: 'POST', path: '/hooks/ctb', headers: { ...sign(SECRET, body, { timestamp }) }, body };
}

const env = (type: string, extra = {}) => ({ protocol_version: '1', request_id: 'r-1', type, ...extra });

describe('connector.handle', () => {
  it('finds the endpoint path before any query or fragment, in either order', async () => {
    const { c } = connector();
    for (const path of [
      '/hooks/ctb?x=1',
      '/hooks/ctb#top',
      '/hooks/ctb#a?b',
      '/hooks/ctb?a#b',
      'http://h/hooks/ctb?x',
    ])
      expect((await c.handle({ ...signed(env('ping')), path })).status).toBe(200);
    for (const path of ['/hooks/ctbx', '/hooks?/ctb', '/hooks#/ctb', 'not a url'])
      expect((await c.handle({ ...signed(env('ping')), path })).status).toBe(404);
  });

  it('serves the configured endpointPath and nothing else', async () => {
    const { c } = connector();
    expect((await c.handle(signed(env('ping')))).status).toBe(200);
    const other = await c.handle({ ...signed(env('ping')), path: '/service' });
    expect([other.status, other.body, other.outcome.code]).toEqual([
      404,
      '{"error":"not_found"}',
      'not_found',
    ]);
  });

  it('keeps the verification detail in the outcome and off the wire', async () => {
    const { c } = connector();
    const r = await c.handle(signed(env('ping'), NOW - 301));
    expect(r.status).toBe(401);
    expect(r.body).not.toContain('301');
    expect(r.outcome.verification).toMatchObject({
      ok: false,
      reason: 'timestamp_too_old',
      skewSeconds: 301,
    });
    expect(r.outcome.code).toBe('invalid_signature');
  });

  it('verifies before parsing: an unsigned non-JSON body is a signature failure, not a parse error', async () => {
    const { c } = connector();
    const r = await c.handle({ method: 'POST', path: '/hooks/ctb', headers: {}, body: Buffer.from('{{{') });
    expect(r.status).toBe(401);
    expect(r.outcome.requestType).toBeNull();
  });

  it("records a ToolError's details for logs but sends only code and message", async () => {
    const { c } = connector();
    const r = await c.handle(signed(env('tool.invoke', { tool: 'fail', parameters: {} })));
    expect(JSON.parse(r.body)).toEqual({
      type: 'error',
      code: 'quota_exceeded',
      message: 'monthly quota reached',
    });
    expect(r.outcome).toMatchObject({
      code: 'quota_exceeded',
      tool: 'fail',
      requestId: 'r-1',
      details: { limit: 10 },
    });
  });

  it('answers tool_error when a handler throws a non-Error value', async () => {
    const { c } = connector();
    const r = await c.handle(signed(env('tool.invoke', { tool: 'throwsString', parameters: {} })));
    expect(JSON.parse(r.body)).toEqual({
      type: 'error',
      code: 'tool_error',
      message: 'tool "throwsString" failed: bare string',
    });
  });

  it('answers tool_error when the output cannot be written as JSON', async () => {
    const { c } = connector();
    const r = await c.handle(signed(env('tool.invoke', { tool: 'circular', parameters: {} })));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).code).toBe('tool_error');
    expect(JSON.parse(r.body).message).toContain('cannot be written as JSON');
  });

  it('answers invalid_request when tool.invoke names no tool', async () => {
    const { c } = connector();
    const r = await c.handle(signed(env('tool.invoke', { parameters: {} })));
    expect([r.status, JSON.parse(r.body).code]).toEqual([400, 'invalid_request']);
  });

  it('reads the body as UTF-8: ASCII, other scripts, a byte view, and invalid bytes refused', async () => {
    const c = createConnector({ signingSecret: SECRET, now: () => NOW, endpointPath: '/hooks/ctb' }).tool(
      'echo',
      { description: 'Echoes', input_schema: { type: 'object' } },
      (p) => ({ said: p.text }),
    );
    const said = async (body: Uint8Array) => {
      const r = await c.handle({
        method: 'POST',
        path: '/hooks/ctb',
        headers: sign(SECRET, body, { timestamp: NOW }),
        body,
      });
      return [r.status, JSON.parse(r.body)];
    };
    const invoke = (text: string) =>
      JSON.stringify(env('tool.invoke', { tool: 'echo', parameters: { text } }));
    expect(await said(Buffer.from(invoke('plain ascii')))).toEqual([
      200,
      { type: 'result', output: { said: 'plain ascii' } },
    ]);
    for (const text of ['café ☃ 😀', 'ÿ\u0080 latin-1 range'])
      expect(await said(Buffer.from(invoke(text)))).toEqual([
        200,
        { type: 'result', output: { said: text } },
      ]);
    // A view into a larger buffer: only its own bytes are the body.
    const whole = Buffer.from(`xx${invoke('in a view')}yy`);
    expect(await said(new Uint8Array(whole.buffer, whole.byteOffset + 2, whole.length - 4))).toEqual([
      200,
      { type: 'result', output: { said: 'in a view' } },
    ]);
    const invalid = Buffer.concat([
      Buffer.from(invoke('x').slice(0, -3)),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}'),
    ]);
    expect(await said(invalid)).toEqual([
      400,
      {
        type: 'error',
        code: 'invalid_request',
        message: 'the body is not valid UTF-8 text; it must be a JSON object',
      },
    ]);
  });

  it('emits an exchange event for handle() calls too', async () => {
    const { c, events } = connector();
    await c.handle(signed(env('tools.list')));
    expect(events).toHaveLength(1);
    expect(events[0].response.outcome.requestType).toBe('tools.list');
    expect(events[0].headers.map(([n]) => n)).toContain('x-service-signature');
  });

  it("gives an event's header pairs to a listener that reads, spreads or serialises it", async () => {
    const { c, events } = connector();
    await c.handle(signed(env('ping')));
    const e = events[0];
    const copy = { ...e };
    expect(copy.headers).toEqual(e.headers);
    expect(JSON.parse(JSON.stringify(e)).headers).toEqual(e.headers);
    expect(e.headers.find(([n]) => n === 'x-service-timestamp')?.[1]).toBe(String(NOW));
    e.headers = [['x-replaced', '1']];
    expect(e.headers).toEqual([['x-replaced', '1']]);
  });

  it('keeps answering when an exchange listener throws', async () => {
    const { c } = connector();
    c.on('exchange', () => {
      throw new Error('log sink down');
    });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      expect((await c.handle(signed(env('ping')))).status).toBe(200);
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.some((w) => w.includes('log sink down'))).toBe(true);
  });
});
