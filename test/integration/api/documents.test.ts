// Document upload (protocol.md 4.3) over real multipart HTTP: the stored bytes, the metadata, and the
// refusals (no file, no or unknown workspace, not multipart, over the limit) that leave nothing on disk.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './helpers.ts';
import type { TestApi } from './helpers.ts';

const LIMIT = 4096;
let t: TestApi;
let workspaceId: string;

beforeAll(async () => {
  t = await startApi({}, { maxUploadBytes: LIMIT });
  workspaceId = t.engine.platform.workspaces.list()[0].id;
});

afterAll(async () => {
  await t?.close();
});

function form(fields: { file?: Blob | null; filename?: string; workspace_id?: string }): FormData {
  const f = new FormData();
  if (fields.workspace_id !== undefined) f.append('workspace_id', fields.workspace_id);
  if (fields.file) f.append('file', fields.file, fields.filename ?? 'price-list.csv');
  return f;
}

const files = async () => (await readdir(t.documentsDir).catch(() => [] as string[])).sort();

describe('POST /api/v1/documents', () => {
  it('stores the file under the documents folder and answers its metadata (201)', async () => {
    const content = 'sku,price\nSKU-1001,249\n';
    const a = await t.call('POST', '/api/v1/documents', {
      token: t.tokens.member,
      raw: form({
        file: new Blob([content], { type: 'text/csv' }),
        filename: '../../etc/price list.csv',
        workspace_id: workspaceId,
      }),
    });
    expect(a.status).toBe(201);
    // The multipart parser drops the client's directories; what is left never becomes a path as given.
    expect(a.json).toMatchObject({
      workspace_id: workspaceId,
      filename: 'price list.csv',
      content_type: 'text/csv',
      size: content.length,
    });
    expect(a.json.path).toMatch(/^documents\/[0-9a-f-]{36}-price_list\.csv$/);
    expect(await readFile(join(t.dir, a.json.path), 'utf8')).toBe(content);
    const list = await t.call('GET', `/api/v1/documents?workspace_id=${workspaceId}`, {
      token: t.tokens.member,
    });
    expect(list.json.items.map((d: { id: string }) => d.id)).toContain(a.json.id);
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413, keeping nothing', async () => {
    const before = await files();
    const exact = await t.call('POST', '/api/v1/documents', {
      token: t.tokens.member,
      raw: form({ file: new Blob([Buffer.alloc(LIMIT, 97)]), workspace_id: workspaceId }),
    });
    expect(exact.status).toBe(201);
    expect(exact.json.size).toBe(LIMIT);
    const afterExact = await files();
    const over = await t.call('POST', '/api/v1/documents', {
      token: t.tokens.member,
      raw: form({ file: new Blob([Buffer.alloc(LIMIT + 1, 97)]), workspace_id: workspaceId }),
    });
    expect(over.status).toBe(413);
    expect(over.json.error).toBe('payload_too_large');
    expect(afterExact.length).toBe(before.length + 1);
    expect(await files()).toEqual(afterExact);
  });

  it('refuses a missing file, a missing or unknown workspace, and leaves no file behind', async () => {
    const before = await files();
    const cases: Array<[string, FormData, string]> = [
      ['no file', form({ workspace_id: workspaceId }), '"file" part is missing'],
      ['no workspace', form({ file: new Blob(['x']) }), '"workspace_id" field is missing'],
      ['unknown workspace', form({ file: new Blob(['x']), workspace_id: 'ws_nope' }), 'names no workspace'],
    ];
    for (const [label, body, message] of cases) {
      const a = await t.call('POST', '/api/v1/documents', { token: t.tokens.member, raw: body });
      expect({ label, status: a.status, error: a.json.error }).toEqual({
        label,
        status: 400,
        error: 'validation_error',
      });
      expect(a.json.message).toContain(message);
    }
    expect(await files()).toEqual(before);
  });

  it('refuses a JSON body and a second file with a clear code, never a 500', async () => {
    const json = await t.call('POST', '/api/v1/documents', {
      token: t.tokens.member,
      body: { file: 'x', workspace_id: workspaceId },
    });
    expect(json.status).toBe(400);
    expect(json.json.message).toContain('multipart/form-data');
    const two = form({ file: new Blob(['a']), workspace_id: workspaceId });
    two.append('file', new Blob(['b']), 'second.txt');
    const twice = await t.call('POST', '/api/v1/documents', { token: t.tokens.member, raw: two });
    expect(twice.status).toBe(413);
    expect(twice.json.error).toBe('payload_too_large');
  });

  it('needs a user token', async () => {
    const a = await t.call('POST', '/api/v1/documents', {
      raw: form({ file: new Blob(['x']), workspace_id: workspaceId }),
    });
    expect(a.status).toBe(401);
  });
});
