// Export and import of the History as a user runs them: secrets and signatures stay out of an
// export unless asked for, an export imports back to the same exchanges, a HAR passes the HAR 1.2
// schema (absolute URLs, binary bodies in base64, signatures still verifying after a round trip),
// and a bad file changes nothing.

import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { sign, verify } from '../../../src/protocol/index.ts';
import type { ExchangeDetailDto, Handlers } from '../../../src/shared/index.ts';

const require = createRequire(import.meta.url);

/** The HAR 1.2 JSON Schema (the har-schema package), with formats checked: `uri` must be absolute. */
function harValidator(): (doc: unknown) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  const schemas = require('har-schema') as Record<string, { $id: string }>;
  for (const schema of Object.values(schemas)) if (schema.$id !== 'har.json#') ajv.addSchema(schema);
  const validate = ajv.compile(schemas.har);
  return (doc) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}

interface HarEntry {
  request: {
    url: string;
    headers: Array<{ name: string; value: string }>;
    postData: { text: string; _encoding?: string };
  };
  response: { content: { text?: string; encoding?: string } };
  _ctb: { id: number; direction: string };
}

describe('history export and import', () => {
  let dataDir: string;
  let backend: Backend;
  let h: Handlers;
  let secret: string;
  let ids: number[];
  let connectorUrl: string;
  let demoId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ctb-transfer-'));
    backend = await openBackend({
      dataDir,
      mode: 'browser',
      version: 'test',
      seedPassword: 'transfer-pass-1',
      platformServer: false,
    });
    h = backend.handlers;
    const demo = (await h['local:list']()).find((l) => l.name === 'Demo catalog')!;
    const started = await h['local:start']({ id: demo.id });
    secret = started.definition.signingSecret as string;
    connectorUrl = started.url!;
    demoId = demo.id;
    const connection = await h['connections:create']({
      name: 'Catalog',
      webhook_url: started.url!,
      signing_secret: secret,
    });
    ids = [
      (await h['console:send']({ target: { kind: 'connection', id: connection.id }, type: 'ping' })).id,
      (
        await h['console:send']({
          target: { kind: 'local', id: demo.id },
          type: 'tool.invoke',
          tool: 'searchProducts',
          parameters: { query: 'desk', api_key: 'sk_live_hidden' },
        })
      ).id,
    ];
  });
  afterAll(async () => {
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signatureOf = (d: ExchangeDetailDto) =>
    d.requestHeaders.find(([n]) => n === 'x-service-signature')![1];

  for (const format of ['json', 'har'] as const) {
    it(`redacts signatures and credential fields from a ${format} export unless asked`, async () => {
      const signatures = await Promise.all(
        ids.map(async (id) => signatureOf(await h['history:get']({ id }))),
      );
      const redacted = await h['history:export']({ ids, format });
      expect(redacted).toMatchObject({ count: 2, redacted: true, truncated: false });
      const text = format === 'json' ? decodeBodies(redacted.content) : redacted.content;
      for (const s of signatures) expect(text).not.toContain(s.slice(3));
      expect(text).not.toContain(secret);
      expect(text).not.toContain('sk_live_hidden');
      expect(text).toContain('[redacted]');

      const full = await h['history:export']({ ids, format, includeSecrets: true });
      const fullText = format === 'json' ? decodeBodies(full.content) : full.content;
      for (const s of signatures) expect(fullText).toContain(s);
      expect(fullText).toContain('sk_live_hidden');
      // The signing secret itself is never in an exchange, even on request.
      expect(fullText).not.toContain(secret);
    });

    it(`imports a ${format} export back as the same exchanges`, async () => {
      const exported = await h['history:export']({ ids, format, includeSecrets: true });
      const before = await h['history:count']({});
      const result = await h['history:import']({ content: exported.content });
      expect(result.imported).toBe(2);
      expect((await h['history:count']({})).total).toBe(before.total + 2);
      for (let i = 0; i < ids.length; i++) {
        const a = await h['history:get']({ id: ids[i] });
        const b = await h['history:get']({ id: result.firstId + i });
        const same = (d: ExchangeDetailDto) => ({
          ...d,
          id: 0,
          diagnosis: format === 'json' ? d.diagnosis : null,
          durationMs: Math.round(d.durationMs ?? 0),
          timing: null,
        });
        expect(same(b)).toEqual(same(a));
      }
    });
  }

  it('shows an imported redacted exchange unchecked, not as a malformed signature', async () => {
    const exported = await h['history:export']({ ids: [ids[0]], format: 'json' });
    const result = await h['history:import']({ content: exported.content });
    const back = await h['history:get']({ id: result.firstId });
    const original = await h['history:get']({ id: ids[0] });
    expect(signatureOf(back)).toBe('[redacted]');
    expect(back.diagnosis).toBeNull();
    expect(back.verdict).toBe(original.verdict);
  });

  it('exports a HAR that the HAR 1.2 schema accepts, every URL absolute', async () => {
    const received = (await h['history:page']({ filter: { direction: 'incoming' } })).items;
    expect(received.length).toBeGreaterThan(0);
    expect(received[0].url.startsWith('/')).toBe(true);
    const exported = await h['history:export']({ ids: [...ids, received[0].id], format: 'har' });
    const har = JSON.parse(exported.content) as { log: { entries: HarEntry[] } };
    expect(harValidator()(har)).toEqual([]);
    const entry = har.log.entries.find((e) => e._ctb.id === received[0].id)!;
    // The address of the local connector that received it, and the path it received.
    expect(entry.request.url).toBe(new URL(received[0].url, connectorUrl).toString());
    const again = await h['history:import']({ content: exported.content });
    const imported = await Promise.all(
      Array.from({ length: again.imported }, (_, k) => h['history:get']({ id: again.firstId + k })),
    );
    // Read back as recorded: the path the connector received, not the address added for HAR.
    const back = imported.find((d) => d.direction === 'incoming')!;
    expect(back.url).toBe(received[0].url);
  });

  it('exports bodies that are not UTF-8 as base64 and imports them back byte for byte, signature intact', async () => {
    const body = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x80, 0x22, 0x7d]);
    const signed = sign(secret, body);
    const sent = await fetch(connectorUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed },
      body,
    });
    await sent.text();
    const received = (
      await h['history:page']({ filter: { direction: 'incoming', localConnectorId: demoId } })
    ).items[0];
    const responseBytes = Buffer.from([0xc3, 0x28, 0x00, 0xa0]);
    const outgoing = backend.engine.history.record({
      direction: 'outgoing',
      method: 'POST',
      url: connectorUrl,
      requestHeaders: [['content-type', 'application/octet-stream']],
      requestBody: Buffer.from('{}'),
      responseStatus: 200,
      responseHeaders: [['content-type', 'application/octet-stream']],
      responseBody: responseBytes,
      verdict: 'ok',
      startedAt: Date.now(),
    });

    const exported = await h['history:export']({
      ids: [received.id, outgoing],
      format: 'har',
      includeSecrets: true,
    });
    const har = JSON.parse(exported.content) as { log: { entries: HarEntry[] } };
    expect(harValidator()(har)).toEqual([]);
    const [request, response] = har.log.entries;
    expect(request.request.postData._encoding).toBe('base64');
    expect(Buffer.from(request.request.postData.text, 'base64').equals(body)).toBe(true);
    expect(response.response.content.encoding).toBe('base64');

    const imported = await h['history:import']({ content: exported.content });
    const back = await h['history:get']({ id: imported.firstId });
    const backBody = Buffer.from(back.requestBodyBase64, 'base64');
    expect(backBody.equals(body)).toBe(true);
    const headers = Object.fromEntries(back.requestHeaders.map(([n, v]) => [n.toLowerCase(), v]));
    expect(verify(backBody, headers, secret)).toMatchObject({ ok: true });
    const backResponse = await h['history:get']({ id: imported.lastId });
    expect(Buffer.from(backResponse.responseBodyBase64!, 'base64').equals(responseBytes)).toBe(true);
  });

  it('refuses a file with one bad entry and imports nothing from it', async () => {
    const exported = JSON.parse((await h['history:export']({ ids, format: 'json' })).content) as {
      exchanges: Array<Record<string, unknown>>;
    };
    exported.exchanges.push({ ...exported.exchanges[0], method: 42 });
    const before = (await h['history:count']({})).total;
    const r = await backend.dispatch('history:import', { content: JSON.stringify(exported) });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation_error' } });
    expect(!r.ok && r.error.message).toMatch(/entry 3: method/);
    expect((await h['history:count']({})).total).toBe(before);
  });

  it('names what is wrong with a file that is not an export at all', async () => {
    const before = (await h['history:count']({})).total;
    for (const content of ['not json {', '{"hello":1}', '{"log":{"entries":[]}}']) {
      const r = await backend.dispatch('history:import', { content });
      expect(r).toMatchObject({ ok: false, error: { code: 'validation_error' } });
    }
    expect((await h['history:count']({})).total).toBe(before);
  });
});

/** The JSON export carries bodies in base64: decode them so text checks see what a reader would. */
function decodeBodies(content: string): string {
  const doc = JSON.parse(content) as {
    exchanges: Array<{ requestBodyBase64: string; responseBodyBase64: string | null }>;
  };
  return [
    content,
    ...doc.exchanges.flatMap((e) =>
      [e.requestBodyBase64, e.responseBodyBase64 ?? ''].map((b) => Buffer.from(b, 'base64').toString('utf8')),
    ),
  ].join('\n');
}
