// The connector host running several local connectors: runaway scripts, reloads on the same port,
// ports in use, start/stop life cycle; real servers, free ports, temp folders.

import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostError } from '../../../src/connector/host/index.ts';
import type { HostRequestEvent } from '../../../src/connector/host/index.ts';
import { buildRequest, readDiagnosis, signedCall } from '../../../src/client/index.ts';
import { invoke, makeHost } from './helpers.ts';
import type { TestHost } from './helpers.ts';

const SECRET = 'whsec_host_tests';
let t: TestHost;

beforeAll(() => {
  t = makeHost();
});
afterAll(() => t.close());

const tools = [
  {
    name: 'runaway',
    description: 'loops forever',
    behaviour: { type: 'script', source: 'for (;;) {}', timeoutMs: 200 },
  },
  { name: 'thrower', description: 'throws', behaviour: { type: 'script', source: 'null.boom' } },
  { name: 'ok', description: 'fine', behaviour: { type: 'static', output: { fine: true } } },
  {
    name: 'counter',
    description: 'counts',
    behaviour: {
      type: 'sequence',
      steps: [
        { type: 'static', output: { n: 1 } },
        { type: 'static', output: { n: 2 } },
      ],
    },
  },
];

async function rejection(p: Promise<unknown>): Promise<HostError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HostError) return e;
    throw e;
  }
  throw new Error('expected a HostError');
}

describe('running connectors', () => {
  it('stops a runaway script with a timeout error while serving other tools and connectors', async () => {
    const a = t.host.create({ name: 'Runaway', signingSecret: SECRET, tools });
    const b = t.host.create({ name: 'Neighbour', signingSecret: SECRET, tools: [tools[2]] });
    const [ra, rb] = await Promise.all([t.host.start(a.id), t.host.start(b.id)]);
    const stuck = invoke(ra.url, SECRET, 'runaway');
    // While the script spins in its worker, the same connector and the other one both answer.
    const [same, other] = await Promise.all([invoke(ra.url, SECRET, 'ok'), invoke(rb.url, SECRET, 'ok')]);
    expect(same.json).toEqual({ type: 'result', output: { fine: true } });
    expect(other.json).toEqual({ type: 'result', output: { fine: true } });
    const r = await stuck;
    expect(r.json).toEqual({
      type: 'error',
      code: 'tool_error',
      message: expect.stringContaining('timed out after 200 ms'),
    });
    expect((await invoke(ra.url, SECRET, 'thrower')).json).toEqual({
      type: 'error',
      code: 'tool_error',
      message: expect.stringContaining('script threw TypeError'),
    });
    expect((await invoke(ra.url, SECRET, 'ok')).json).toMatchObject({ type: 'result' });
    await t.host.stop(b.id);
    await t.host.stop(a.id);
  });

  it('reload keeps the port, applies the new definition and resets sequence counters', async () => {
    const d = t.host.create({ name: 'Reloadable', signingSecret: SECRET, tools });
    const first = await t.host.start(d.id);
    expect((await invoke(first.url, SECRET, 'counter')).json).toMatchObject({ output: { n: 1 } });
    expect((await invoke(first.url, SECRET, 'counter')).json).toMatchObject({ output: { n: 2 } });
    const changed = {
      ...d.definition,
      tools: [
        ...d.definition.tools,
        { name: 'added', description: 'new', behaviour: { type: 'static', output: { added: true } } },
      ],
    };
    await t.host.update(d.id, changed, { reload: false });
    const again = await t.host.reload(d.id);
    expect(again.port).toBe(first.port);
    expect((await invoke(again.url, SECRET, 'counter')).json).toMatchObject({ output: { n: 1 } });
    expect((await invoke(again.url, SECRET, 'added')).json).toEqual({
      type: 'result',
      output: { added: true },
    });
    await t.host.stop(d.id);
  });

  it('update of a running connector takes effect at once, on the same port', async () => {
    const d = t.host.create({ name: 'Live edit', signingSecret: SECRET, tools: [tools[2]] });
    const { url, port } = await t.host.start(d.id);
    await t.host.update(d.id, {
      ...d.definition,
      tools: [
        { ...tools[2], behaviour: { type: 'error', code: 'maintenance', message: 'down for a minute' } },
      ],
    });
    expect((await invoke(url, SECRET, 'ok')).json).toMatchObject({ code: 'maintenance' });
    expect(t.host.status(d.id)).toMatchObject({ state: 'running', port });
    await t.host.stop(d.id);
  });

  it('answers port_in_use when the port is taken, and the other connectors keep running', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    const good = t.host.create({ name: 'Good', signingSecret: SECRET, tools: [tools[2]] });
    const { url } = await t.host.start(good.id);
    const clash = t.host.create({ name: 'Clash', signingSecret: SECRET, port: taken, tools: [tools[2]] });
    const err = await rejection(t.host.start(clash.id));
    expect(err.code).toBe('port_in_use');
    expect(err.message).toContain(`port ${taken}`);
    expect(t.host.status(clash.id).state).toBe('stopped');
    expect((await invoke(url, SECRET, 'ok')).json).toMatchObject({ type: 'result' });
    await new Promise((resolve) => blocker.close(resolve));
    await t.host.stop(good.id);
  });

  it('says which connector holds a port when two definitions ask for the same one', async () => {
    const a = t.host.create({ name: 'Holder', signingSecret: SECRET, tools: [tools[2]] });
    const { port } = await t.host.start(a.id);
    const b = t.host.create({ name: 'Second', signingSecret: SECRET, port, tools: [tools[2]] });
    const err = await rejection(t.host.start(b.id));
    expect(err.code).toBe('port_in_use');
    expect(err.message).toContain('"Holder"');
    await t.host.stop(a.id);
  });

  it('answers not_running for stop and reload of a stopped connector, not_found for an unknown id', async () => {
    const d = t.host.create({ name: 'Idle', signingSecret: SECRET, tools: [] });
    expect((await rejection(t.host.stop(d.id))).code).toBe('not_running');
    expect((await rejection(t.host.reload(d.id))).code).toBe('not_running');
    expect((await rejection(t.host.start('lc_nope'))).code).toBe('not_found');
  });

  it('start twice returns the same address; stopAll stops everything', async () => {
    const d = t.host.create({ name: 'Twice', signingSecret: SECRET, tools: [] });
    const [x, y] = await Promise.all([t.host.start(d.id), t.host.start(d.id)]);
    expect(y).toEqual(x);
    await t.host.stopAll();
    expect(t.host.list().every((s) => s.status.state === 'stopped')).toBe(true);
  });
});

describe('request log', () => {
  it('records valid and tampered requests with the verdict and the full diagnosis', async () => {
    const d = t.host.create({ name: 'Logged', signingSecret: SECRET, tools: [tools[2]] });
    const { url } = await t.host.start(d.id);
    const events: HostRequestEvent[] = [];
    const listener = (e: HostRequestEvent) => events.push(e);
    t.host.on('request', listener);
    const iterator = t.host.requests({ connectorId: d.id });

    await invoke(url, SECRET, 'ok', {}, undefined);
    const tampered = await invoke(url, SECRET, 'ok', {}, { tamperBody: true });
    await invoke(url, SECRET, 'ok', {}, { wrongSecret: true });
    await invoke(url, SECRET, 'ok', {}, { skewOffsetSeconds: -400 });
    await signedCall({ url: url.replace('/service', '/other'), secret: SECRET, body: buildRequest('ping') });
    await t.host.stop(d.id);
    t.host.off('request', listener);

    expect(events.map((e) => [e.verdict, e.status, e.verification?.failedCheck ?? null])).toEqual([
      ['ok', 200, null],
      ['invalid_signature', 401, 'signature_mismatch'],
      ['invalid_signature', 401, 'signature_mismatch'],
      ['invalid_signature', 401, 'timestamp_too_old'],
      ['not_found', 404, null],
    ]);
    expect(events[0]).toMatchObject({
      connectorId: d.id,
      connectorName: 'Logged',
      requestType: 'tool.invoke',
      tool: 'ok',
      verification: { valid: true },
    });
    expect(events[0].diagnosis?.verdict).toBe('valid');
    expect(events[1].diagnosis?.summary).toMatch(/body was changed after signing|tampered|matches none/);
    expect(events[4].diagnosis).toBeNull();

    const first = await iterator.next();
    expect(first.value?.exchangeId).toBe(events[0].exchangeId);
    await iterator.return?.();

    const stored = t.history.get(events[1].exchangeId!);
    expect(stored).toMatchObject({
      direction: 'incoming',
      localConnectorId: d.id,
      verdict: 'invalid_signature',
      responseStatus: 401,
    });
    expect(stored?.requestBody.length).toBeGreaterThan(0);
    expect(readDiagnosis(stored?.diagnosis)?.signature?.failedCheck).toBe('signature_mismatch');
    expect(stored?.requestHeaders.some(([n]) => n.toLowerCase() === 'x-service-signature')).toBe(true);
    // Refused before its envelope was read, it still shows what it claimed to be, and its request_id
    // pairs it with the caller's record of the same request.
    const sentId = JSON.parse(tampered.request.body.toString('utf8')).request_id as string;
    expect(stored).toMatchObject({ requestType: 'tool.invoke', tool: 'ok', requestId: sentId });
    expect(events[1]).toMatchObject({ requestType: 'tool.invoke', requestId: sentId });
    expect(t.history.page({ localConnectorId: d.id }).items).toHaveLength(5);
  });

  it('records transport faults and the behaviour steps that led to them', async () => {
    const d = t.host.create({
      name: 'Faulty',
      signingSecret: SECRET,
      tools: [
        {
          name: 'limited',
          description: '429',
          behaviour: { type: 'delay', ms: 1, then: { type: 'http', status: 429, retryAfter: 3 } },
        },
        { name: 'gone', description: 'close', behaviour: { type: 'close' } },
      ],
    });
    const { url } = await t.host.start(d.id);
    const seen: HostRequestEvent[] = [];
    t.host.on('request', (e: HostRequestEvent) => {
      if (e.connectorId === d.id) seen.push(e);
    });
    await invoke(url, SECRET, 'limited');
    await invoke(url, SECRET, 'gone');
    await t.host.stop(d.id);
    expect(seen.map((e) => [e.verdict, e.status, e.fault, e.steps])).toEqual([
      ['http_429', 429, 'http 429 (Retry-After 3 s)', ['delay 1 ms', 'http 429 (Retry-After 3 s)']],
      ['connection_closed', null, 'close', ['close']],
    ]);
  });

  it('answers 413 to a body over the limit, and logs it', async () => {
    const d = t.host.create({ name: 'Small', signingSecret: SECRET, maxBodyBytes: 200, tools: [tools[2]] });
    const { url } = await t.host.start(d.id);
    const next = t.host.requests({ connectorId: d.id });
    // Small enough to be fully written before the server closes the connection after its answer.
    const r = await invoke(url, SECRET, 'ok', { padding: 'x'.repeat(2000) });
    expect(r.response?.status).toBe(413);
    expect(r.json).toMatchObject({ type: 'error', code: 'payload_too_large' });
    const { value } = await next.next();
    await next.return?.();
    expect(value).toMatchObject({ verdict: 'payload_too_large', status: 413, diagnosis: null });
    expect(value?.requestBody.totalBytes).toBeGreaterThan(200);
    await t.host.stop(d.id);
  });

  it('logs a request whose caller gave up during a delay, marked aborted', async () => {
    const d = t.host.create({
      name: 'Abandoned',
      signingSecret: SECRET,
      tools: [
        {
          name: 'wait',
          description: 'slow',
          behaviour: { type: 'delay', ms: 300, then: { type: 'static', output: {} } },
        },
      ],
    });
    const { url } = await t.host.start(d.id);
    const next = t.host.requests({ connectorId: d.id });
    const r = await signedCall({
      url,
      secret: SECRET,
      body: buildRequest('tool.invoke', { tool: 'wait', parameters: {} }),
      timeoutMs: 50,
    });
    expect(r.error?.code).toBe('timeout');
    const { value } = await next.next();
    await next.return?.();
    expect(value).toMatchObject({
      tool: 'wait',
      verdict: 'client_aborted',
      aborted: true,
      verification: { valid: true },
    });
    await t.host.stop(d.id);
  });

  it('explains a slow answer with the clock at arrival, so the log agrees with the verdict', async () => {
    // A one-second window and a two-second delay: diagnosed at answer time, the request would look too old.
    const d = t.host.create({
      name: 'Patient',
      signingSecret: SECRET,
      maxTimestampSkewSeconds: 1,
      tools: [
        {
          name: 'wait',
          description: 'slow',
          behaviour: { type: 'delay', ms: 2100, then: { type: 'static', output: { done: true } } },
        },
      ],
    });
    const { url } = await t.host.start(d.id);
    const next = t.host.requests({ connectorId: d.id });
    expect((await invoke(url, SECRET, 'wait')).json).toEqual({ type: 'result', output: { done: true } });
    const { value } = await next.next();
    await next.return?.();
    await t.host.stop(d.id);
    expect(value).toMatchObject({ verdict: 'ok', verification: { valid: true, failedCheck: null } });
  });
});

describe('built-in seeding', () => {
  it('can be turned off for a host that serves one file', async () => {
    const bare = makeHost({ seedDemo: false });
    expect(bare.host.list()).toEqual([]);
    await bare.close();
  });
});
