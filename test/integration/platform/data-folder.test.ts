// The platform's data folder over a real SQLite file: the seeded organization, uploaded document
// records per workspace, and a database from a newer release refused instead of migrated.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, StoreVersionError } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';
import { createPlatform, FileKeyProvider } from '../../../src/platform/index.ts';
import { makePlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

let t: TestPlatform;
beforeEach(async () => {
  t = await makePlatform();
});
afterEach(() => t.cleanup());

describe('documents', () => {
  it('records uploaded document metadata per workspace and refuses an unknown workspace', () => {
    const [a, b] = t.platform.workspaces.list();
    const doc = t.platform.documents.record({
      workspaceId: a.id,
      filename: 'prices.pdf',
      contentType: 'application/pdf',
      size: 1234,
      path: 'documents/x.pdf',
    });
    t.platform.documents.record({
      workspaceId: b.id,
      filename: 'other.txt',
      contentType: '',
      size: 1,
      path: 'documents/y.txt',
    });
    expect(doc).toMatchObject({ workspace_id: a.id, filename: 'prices.pdf', size: 1234 });
    expect(t.platform.documents.list({ workspaceId: a.id }).map((d) => d.id)).toEqual([doc.id]);
    expect(t.platform.documents.list()).toHaveLength(2);
    expect(t.platform.documents.list({ workspaceId: b.id })[0].content_type).toBe('application/octet-stream');
    expect(() =>
      t.platform.documents.record({
        workspaceId: 'ws_nope',
        filename: 'x',
        contentType: '',
        size: 0,
        path: 'p',
      }),
    ).toThrow(/names no workspace/);
  });
});

describe('data folder', () => {
  it('seeds one premium organization, two workspaces and three users once', async () => {
    expect(t.platform.seedInfo).toEqual({ created: true, password: null });
    expect(t.platform.organization().plan).toBe('premium');
    expect(t.platform.workspaces.list().map((w) => w.name)).toEqual(['Default', 'Sales']);
    expect(t.platform.users.list().map((u) => [u.email, u.role])).toEqual([
      ['owner@example.test', 'owner'],
      ['admin@example.test', 'admin'],
      ['member@example.test', 'member'],
    ]);
    expect(t.platform.users.authenticate('admin@example.test', 'correct horse battery')?.role).toBe('admin');
    expect(t.platform.users.authenticate('admin@example.test', 'wrong')).toBeNull();
    expect(t.platform.users.authenticate('nobody@example.test', 'correct horse battery')).toBeNull();
    const again = await makePlatform({ seedPassword: 'other' }, t.dir);
    expect(again.platform.seedInfo.created).toBe(false);
    expect(again.platform.users.list()).toHaveLength(3);
  });

  it('generates a readable password when none is given and returns it once', async () => {
    const fresh = await makePlatform({ seedPassword: undefined, plan: 'free' });
    try {
      const password = fresh.platform.seedInfo.password!;
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(fresh.platform.organization().plan).toBe('free');
      expect(fresh.platform.users.authenticate('owner@example.test', password)?.role).toBe('owner');
      const hashes = fresh.db.prepare('SELECT password_hash FROM users').all() as Array<{
        password_hash: string;
      }>;
      expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(3);
      expect(hashes.every((h) => !h.password_hash.includes(password))).toBe(true);
    } finally {
      await fresh.cleanup();
    }
  });

  it('refuses a database written by a newer release (StoreVersionError)', async () => {
    t.db
      .prepare(
        "INSERT INTO schema_migrations (domain, version, name, applied_at) VALUES ('platform', 99, 'future', 'x')",
      )
      .run();
    t.db.close();
    const db = openDatabase(t.dbFile);
    try {
      expect(() =>
        createPlatform({
          db,
          history: new History(db),
          keyProvider: new FileKeyProvider(t.dir),
          dataDir: t.dir,
        }),
      ).toThrow(StoreVersionError);
    } finally {
      db.close();
    }
  });
});
