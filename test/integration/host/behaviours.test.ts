// Local connector behaviours over a real socket: static, template, script, error, delay, sequence and
// HTTP faults, each answering signed requests as a platform call would see them.

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src/protocol/index.ts';
import { buildRequest } from '../../../src/client/index.ts';
import { header, invoke, makeHost } from './helpers.ts';
import type { TestHost } from './helpers.ts';

const SECRET = 'whsec_behaviours';
let t: TestHost;
let url: string;

beforeAll(async () => {
  t = makeHost();
  const def = t.host.create({
    name: 'Behaviours',
    signingSecret: SECRET,
    tools: [
      {
        name: 'lookup',
        description: 'static',
        behaviour: {
          type: 'static',
          output: { sku: '{{parameters.sku}}', qty: '{{parameters.qty}}', echo: 'req {{request_id}}' },
        },
      },
      {
        name: 'script',
        description: 'script',
        behaviour: {
          type: 'script',
          source:
            'if (!parameters.sku) throw toolError("missing_sku", "sku is required");\nreturn { sku: parameters.sku.toUpperCase(), channel: context.channel };',
        },
      },
      {
        name: 'numberScript',
        description: 'returns a number',
        behaviour: { type: 'script', source: 'return 7' },
      },
      {
        name: 'fail',
        description: 'error',
        behaviour: { type: 'error', code: 'out_of_stock', message: 'nothing left' },
      },
      {
        name: 'wait',
        description: 'delay',
        behaviour: { type: 'delay', ms: 20, then: { type: 'static', output: { waited: true } } },
      },
      {
        name: 'flaky',
        description: 'fails twice then succeeds',
        behaviour: {
          type: 'sequence',
          steps: [
            { type: 'error', code: 'upstream_down', message: 'ERP down' },
            { type: 'http', status: 502 },
            { type: 'static', output: { ok: true } },
          ],
        },
      },
      {
        name: 'cycle',
        description: 'loops',
        behaviour: {
          type: 'sequence',
          loop: true,
          steps: [
            { type: 'static', output: { n: 1 } },
            { type: 'static', output: { n: 2 } },
          ],
        },
      },
      {
        name: 'limited',
        description: '429',
        behaviour: { type: 'http', status: 429, retryAfter: 7, body: { error: 'rate_limited' } },
      },
      {
        name: 'proxyError',
        description: '500 text',
        behaviour: { type: 'http', status: 500, body: '<html>upstream error</html>' },
      },
      { name: 'hangUp', description: 'close', behaviour: { type: 'close' } },
      {
        name: 'trickle',
        description: 'slow',
        behaviour: {
          type: 'slow',
          chunkDelayMs: 15,
          chunkBytes: 8,
          then: { type: 'static', output: { text: 'a fairly long answer sent eight bytes at a time' } },
        },
      },
    ],
  });
  ({ url } = await t.host.start(def.id));
});
afterAll(() => t.close());

describe('behaviours over a real socket', () => {
  it('static: renders parameters and envelope fields, keeping JSON types', async () => {
    const r = await invoke(url, SECRET, 'lookup', { sku: 'SKU-9', qty: 4 });
    expect(r.response?.status).toBe(200);
    const out = (r.json as { output: Record<string, unknown> }).output;
    expect(out).toMatchObject({ sku: 'SKU-9', qty: 4 });
    expect(out.echo).toMatch(/^req [0-9a-f-]{36}$/);
  });

  it('static: a template naming a missing parameter answers tool_error naming it', async () => {
    const r = await invoke(url, SECRET, 'lookup', { qty: 1 });
    expect(r.json).toEqual({
      type: 'error',
      code: 'tool_error',
      message: expect.stringContaining('names parameter "sku"'),
    });
  });

  it('script: returns its object, or the toolError it throws', async () => {
    expect((await invoke(url, SECRET, 'script', { sku: 'ab-1' })).json).toEqual({
      type: 'result',
      output: { sku: 'AB-1', channel: 'whatsapp' },
    });
    expect((await invoke(url, SECRET, 'script', {})).json).toEqual({
      type: 'error',
      code: 'missing_sku',
      message: 'sku is required',
    });
  });

  it('script: a non-object return answers tool_error saying what came back', async () => {
    expect((await invoke(url, SECRET, 'numberScript')).json).toEqual({
      type: 'error',
      code: 'tool_error',
      message: 'script returned number, expected an object',
    });
  });

  it('error: answers its code and message with HTTP 200', async () => {
    const r = await invoke(url, SECRET, 'fail');
    expect(r.response?.status).toBe(200);
    expect(r.json).toEqual({ type: 'error', code: 'out_of_stock', message: 'nothing left' });
  });

  it('delay: answers the inner behaviour after waiting', async () => {
    expect((await invoke(url, SECRET, 'wait')).json).toEqual({ type: 'result', output: { waited: true } });
  });

  it('sequence: fails twice, then succeeds, then keeps succeeding', async () => {
    const first = await invoke(url, SECRET, 'flaky');
    const second = await invoke(url, SECRET, 'flaky');
    const third = await invoke(url, SECRET, 'flaky');
    const fourth = await invoke(url, SECRET, 'flaky');
    expect(first.json).toMatchObject({ type: 'error', code: 'upstream_down' });
    expect(second.response?.status).toBe(502);
    expect([third.json, fourth.json]).toEqual([
      { type: 'result', output: { ok: true } },
      { type: 'result', output: { ok: true } },
    ]);
  });

  it('sequence with loop: starts over after the last step', async () => {
    const ns = [];
    for (let i = 0; i < 3; i++)
      ns.push(((await invoke(url, SECRET, 'cycle')).json as { output: { n: number } }).output.n);
    expect(ns).toEqual([1, 2, 1]);
  });

  it('http: answers 429 with Retry-After and the given JSON body', async () => {
    const r = await invoke(url, SECRET, 'limited');
    expect(r.error).toBeNull();
    expect(r.response?.status).toBe(429);
    expect(header(r, 'retry-after')).toBe('7');
    expect(r.json).toEqual({ error: 'rate_limited' });
  });

  it('http: a string body is sent as text', async () => {
    const r = await invoke(url, SECRET, 'proxyError');
    expect(r.response?.status).toBe(500);
    expect(header(r, 'content-type')).toContain('text/plain');
    expect(r.response?.body.toString()).toBe('<html>upstream error</html>');
  });

  it('close: the connection ends without an answer', async () => {
    const r = await invoke(url, SECRET, 'hangUp');
    expect(r.response).toBeNull();
    expect(r.error?.code).toMatch(/connection_reset|network_error/);
  });

  it('slow: the answer arrives complete, in many small pieces', async () => {
    const body = JSON.stringify(buildRequest('tool.invoke', { tool: 'trickle', parameters: {} }));
    const pieces: Buffer[] = await new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', ...sign(SECRET, body) } },
        (res) => {
          const got: Buffer[] = [];
          res.on('data', (c: Buffer) => got.push(c));
          res.on('end', () => resolve(got));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(JSON.parse(Buffer.concat(pieces).toString())).toEqual({
      type: 'result',
      output: { text: 'a fairly long answer sent eight bytes at a time' },
    });
    // Seven pieces 15 ms apart: even a busy client reads them in more than one go.
    expect(pieces.length).toBeGreaterThan(1);
  });
});
