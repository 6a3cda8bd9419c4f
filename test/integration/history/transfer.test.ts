// Export and import of the History as a user runs them: secrets and signatures stay out of an
// export unless asked for, an export imports back to the same exchanges, and a bad file changes nothing.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import type { ExchangeDetailDto, Handlers } from '../../../src/shared/index.ts';

describe('history export and import', () => {
  let dataDir: string;
  let backend: Backend;
  let h: Handlers;
  let secret: string;
  let ids: number[];

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
