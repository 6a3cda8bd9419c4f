// The SDK connection registry over a real SQLite file: names, generated and rotated secrets,
// plaintext only in create/update answers, encryption at rest, validation, gates and cascades.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';
import {
  createPlatform,
  FileKeyProvider,
  PlatformError,
  SecretKeyError,
  StaticKeyProvider,
} from '../../../src/platform/index.ts';
import { TARGET_TTL_MS } from '../../../src/platform/connections.ts';
import { makePlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

let t: TestPlatform;
beforeEach(async () => {
  t = await makePlatform();
});
afterEach(() => t.cleanup());

const URL_OK = 'http://127.0.0.1:4000/service';

async function expectError(
  promise: Promise<unknown> | (() => unknown),
  code: string,
  field?: RegExp,
): Promise<PlatformError> {
  let error: unknown;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(PlatformError);
  const pe = error as PlatformError;
  expect(pe.code).toBe(code);
  if (field) expect(pe.message).toMatch(field);
  return pe;
}

describe('creating a connection', () => {
  it('generates a whsec_ secret of 64 hex, returns it once, and defaults enabled to false', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    expect(c.signing_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(c).toMatchObject({
      enabled: false,
      has_secret: true,
      status: 'unknown',
      last_tested_at: null,
      workspace_id: null,
    });
    const listed = t.platform.connections.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('signing_secret');
    expect(JSON.stringify(listed)).not.toContain(c.signing_secret);
    expect(t.platform.connections.get(c.id)).not.toHaveProperty('signing_secret');
    expect(t.platform.connections.secretOf(c.id)).toBe(c.signing_secret);
  });

  it('keeps a given secret', async () => {
    const c = await t.platform.connections.create({
      name: 'ERP',
      webhook_url: URL_OK,
      signing_secret: 'my-own-secret',
      enabled: true,
    });
    expect(c.signing_secret).toBe('my-own-secret');
    expect(c.enabled).toBe(true);
  });

  it('refuses a second connection with the same name (name_taken) but allows it after a rename', async () => {
    const a = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    await expectError(
      t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK }),
      'name_taken',
      /ERP/,
    );
    await t.platform.connections.update(a.id, { name: 'ERP old' });
    await expect(t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK })).resolves.toMatchObject({
      name: 'ERP',
    });
    await expectError(t.platform.connections.update(a.id, { name: 'ERP' }), 'name_taken');
  });

  it.each([
    [{ webhook_url: URL_OK }, /name is required/],
    [{ name: '', webhook_url: URL_OK }, /name must not be empty/],
    [{ name: 'x'.repeat(201) }, /name must be at most 200/],
    [{ name: 42 }, /name must be a string/],
    [{ name: 'a', webhook_url: 7 }, /webhook_url must be a string/],
    [{ name: 'a', webhook_url: '/service' }, /webhook_url must be an absolute URL/],
    [{ name: 'a', webhook_url: 'file:///etc/passwd' }, /webhook_url must use https/],
    [{ name: 'a', enabled: 'yes' }, /enabled must be true or false/],
    [{ name: 'a', signing_secret: 12 }, /signing_secret must be a string/],
    [{ name: 'a', workspace_id: 'ws_nope' }, /workspace_id "ws_nope" names no workspace/],
    [{ name: 'a', timeout_ms: 1.5 }, /timeout_ms must be an integer/],
    [{ name: 'a', timeout_ms: 10 }, /timeout_ms must be an integer from 100/],
    [{ name: 'a', secret: 'x' }, /secret is not a field/],
    [[], /must be a JSON object/],
    [null, /must be a JSON object/],
  ])('refuses %j with validation_error', async (input, message) => {
    const e = await expectError(t.platform.connections.create(input), 'validation_error', message);
    expect(e.status).toBe(400);
    expect(t.platform.connections.list()).toEqual([]);
  });

  it('is behind the premium gate (402) and opens again when the plan is switched', async () => {
    t.platform.setPlan('free');
    const e = await expectError(
      t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK }),
      'premium_required',
    );
    expect(e.status).toBe(402);
    t.platform.setPlan('premium');
    await expect(t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK })).resolves.toBeTruthy();
  });

  it('refuses a loopback URL in strict mode with unsafe_url (422) and reports it in dev mode', async () => {
    const strict = await makePlatform({ ssrfMode: 'strict' });
    try {
      const e = await expectError(
        strict.platform.connections.create({ name: 'x', webhook_url: URL_OK }),
        'unsafe_url',
        /loopback/,
      );
      expect(e.status).toBe(422);
    } finally {
      await strict.cleanup();
    }
    const c = await t.platform.connections.create({ name: 'x', webhook_url: URL_OK });
    expect(c.ssrf).toEqual({
      mode: 'dev',
      allowed: true,
      strict_would_refuse: true,
      reasons: ['plain http: strict mode needs https', 'loopback address 127.0.0.1'],
    });
  });

  it('accepts a public https URL in strict mode through the injected resolver', async () => {
    const strict = await makePlatform({ ssrfMode: 'strict', resolver: async () => ['93.184.216.34'] });
    try {
      const c = await strict.platform.connections.create({
        name: 'x',
        webhook_url: 'https://erp.example.com/service',
      });
      expect(c.ssrf).toEqual({ mode: 'strict', allowed: true, strict_would_refuse: false, reasons: [] });
      const row = strict.db.prepare('SELECT pinned_address FROM sdk_connections WHERE id = ?').get(c.id) as {
        pinned_address: string;
      };
      expect(row.pinned_address).toBe('93.184.216.34');
    } finally {
      await strict.cleanup();
    }
  });
});

describe('updating a connection', () => {
  it('regenerates the secret on an empty signing_secret and returns plaintext only when it changed', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    const renamed = await t.platform.connections.update(c.id, { name: 'ERP 2', enabled: true });
    expect(renamed).not.toHaveProperty('signing_secret');
    expect(renamed).toMatchObject({ name: 'ERP 2', enabled: true });
    const rotated = await t.platform.connections.update(c.id, { signing_secret: '' });
    expect(rotated.signing_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated.signing_secret).not.toBe(c.signing_secret);
    expect(t.platform.connections.secretOf(c.id)).toBe(rotated.signing_secret);
    const set = await t.platform.connections.update(c.id, { signing_secret: 'chosen' });
    expect(set.signing_secret).toBe('chosen');
  });

  it('binds and unbinds a workspace', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    const ws = t.platform.workspaces.list()[0];
    expect((await t.platform.connections.update(c.id, { workspace_id: ws.id })).workspace_id).toBe(ws.id);
    expect((await t.platform.connections.update(c.id, { workspace_id: null })).workspace_id).toBeNull();
  });

  it('answers not_found (404) for an unknown id', async () => {
    const e = await expectError(t.platform.connections.update('conn_missing', { name: 'x' }), 'not_found');
    expect(e.status).toBe(404);
    await expectError(() => t.platform.connections.get('conn_missing'), 'not_found');
    await expectError(() => t.platform.connections.remove('conn_missing'), 'not_found');
  });
});

describe('what a call targets', () => {
  it('follows every change made through the platform at once: URL, secret, rotation, timeout, deletion', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    expect(t.platform.connections.target(c.id)).toMatchObject({ url: URL_OK, secret: c.signing_secret });
    await t.platform.connections.update(c.id, {
      webhook_url: 'http://127.0.0.1:4001/service',
      signing_secret: 'whsec_changed',
      timeout_ms: 1234,
    });
    expect(t.platform.connections.target(c.id)).toMatchObject({
      url: 'http://127.0.0.1:4001/service',
      secret: 'whsec_changed',
      timeoutMs: 1234,
    });
    // During the grace period the platform keeps signing with the previous secret.
    const rotated = t.platform.connections.rotation.start(c.id, { grace_seconds: 60 });
    expect(t.platform.connections.target(c.id).secret).toBe('whsec_changed');
    t.platform.connections.rotation.finish(c.id);
    expect(t.platform.connections.target(c.id).secret).toBe(rotated.signing_secret);
    t.platform.connections.remove(c.id);
    await expectError(() => t.platform.connections.target(c.id), 'not_found');
  });

  it('sees a change another process wrote to the same data folder within TARGET_TTL_MS', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(t.platform.connections.target(c.id).url).toBe(URL_OK);
      const other = openDatabase(t.dbFile);
      other
        .prepare('UPDATE sdk_connections SET webhook_url = ? WHERE id = ?')
        .run('http://127.0.0.1:4002/', c.id);
      other.close();
      vi.setSystemTime(Date.now() + TARGET_TTL_MS);
      expect(t.platform.connections.target(c.id).url).toBe('http://127.0.0.1:4002/');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('deleting a connection', () => {
  it('removes its business tools too', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    const ws = t.platform.workspaces.list()[0];
    const insert = t.db.prepare(
      "INSERT INTO business_tools (id, org_id, workspace_id, connection_id, name, definition, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{}', 'x', 'x')",
    );
    insert.run('bt_1', t.platform.organization().id, ws.id, c.id, 'searchProducts');
    expect(t.platform.businessTools.list({ connectionId: c.id })).toHaveLength(1);
    t.platform.connections.remove(c.id);
    expect(t.platform.businessTools.list()).toEqual([]);
    expect(t.platform.connections.list()).toEqual([]);
  });
});

describe('secrets at rest', () => {
  it('never writes a signing secret in plaintext to the database file', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    const given = await t.platform.connections.create({
      name: 'CRM',
      webhook_url: URL_OK,
      signing_secret: 'plain-words-secret-42',
    });
    t.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = Buffer.concat([readFileSync(t.dbFile), readWal(t.dbFile)]);
    expect(bytes.includes(Buffer.from(c.signing_secret))).toBe(false);
    expect(bytes.includes(Buffer.from(c.signing_secret.slice(6)))).toBe(false);
    expect(bytes.includes(Buffer.from(given.signing_secret))).toBe(false);
    expect(bytes.includes(Buffer.from('ctbs1:'))).toBe(true);
  });

  it('creates secret.key with mode 0600', async () => {
    await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    expect(statSync(join(t.dir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('gives SecretKeyError, not garbage, when the key file was replaced', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', webhook_url: URL_OK });
    t.db.close();
    writeFileSync(join(t.dir, 'secret.key'), 'ab'.repeat(32), { mode: 0o600 });
    const db = openDatabase(t.dbFile);
    try {
      const p = createPlatform({
        db,
        history: new History(db),
        keyProvider: new FileKeyProvider(t.dir),
        dataDir: t.dir,
      });
      expect(p.seedInfo.created).toBe(false);
      expect(() => p.connections.secretOf(c.id)).toThrow(SecretKeyError);
      expect(() => p.connections.secretOf(c.id)).toThrow(/encrypted with a key that is not available/);
    } finally {
      db.close();
    }
  });

  it('refuses a key file readable by other users', async () => {
    writeFileSync(join(t.dir, 'secret.key'), 'cd'.repeat(32));
    chmodSync(join(t.dir, 'secret.key'), 0o644);
    expect(() => new FileKeyProvider(t.dir).getKey()).toThrow(/readable by other users/);
  });

  it('decrypts with the same key in a new process-like reopen', async () => {
    const key = Buffer.alloc(32, 7);
    const db = openDatabase(join(t.dir, 'other.db'));
    const p = createPlatform({
      db,
      history: new History(db),
      keyProvider: new StaticKeyProvider(key),
      dataDir: null,
    });
    const c = await p.connections.create({ name: 'ERP', webhook_url: URL_OK });
    const again = createPlatform({
      db,
      history: new History(db),
      keyProvider: new StaticKeyProvider(Buffer.from(key)),
      dataDir: null,
    });
    expect(again.connections.secretOf(c.id)).toBe(c.signing_secret);
    db.close();
  });
});

function readWal(dbFile: string): Buffer {
  try {
    return readFileSync(`${dbFile}-wal`);
  } catch {
    return Buffer.alloc(0);
  }
}
