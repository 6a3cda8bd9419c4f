// The connector definitions store: seeding the demo catalog, CRUD, unique names, JSON import/export
// with the secret left out unless asked; a real SQLite file in a temp folder.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorHost, HostError } from '../../../src/connector/host/index.ts';
import { openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';

const fixture = new URL('../../fixtures/definitions/shop.json', import.meta.url);
let dir: string;
let db: Db;
let host: ConnectorHost;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctb-host-store-'));
  db = openDatabase(join(dir, 'engine.sqlite'));
  host = new ConnectorHost({ db, history: new History(db) });
});
afterEach(async () => {
  await host.stopAll();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof HostError ? e.code : `not a HostError: ${String(e)}`;
  }
  return undefined;
}

describe('connector definitions store', () => {
  it('seeds the built-in demo catalog once, on the first start of an empty store', () => {
    const first = host.list();
    expect(first.map((d) => [d.name, d.builtin, d.tools])).toEqual([['Demo catalog', 'demo-catalog', 6]]);
    const again = new ConnectorHost({ db, history: new History(db) });
    expect(again.list().map((d) => d.id)).toEqual(first.map((d) => d.id));
  });

  it('creates, reads, updates and removes definitions', async () => {
    const created = host.create({ name: 'A', tools: [] });
    expect(host.get(created.id).definition.name).toBe('A');
    const updated = await host.update(created.id, { ...created.definition, name: 'B' });
    expect(updated.name).toBe('B');
    expect(updated.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
    await host.remove(created.id);
    expect(codeOf(() => host.get(created.id))).toBe('not_found');
  });

  it('refuses a second definition with the same name, whatever its case', () => {
    host.create({ name: 'Shop', tools: [] });
    expect(codeOf(() => host.create({ name: 'shop', tools: [] }))).toBe('name_taken');
  });

  it('refuses an invalid definition without storing anything', () => {
    const before = host.list().length;
    expect(
      codeOf(() =>
        host.create({
          name: 'x',
          tools: [
            { name: 't', description: 'd', behaviour: { type: 'delay', ms: -1, then: { type: 'close' } } },
          ],
        }),
      ),
    ).toBe('invalid_definition');
    expect(host.list()).toHaveLength(before);
  });

  it('round-trips a definition through a JSON file', () => {
    const imported = host.importFile(fixture.pathname);
    const file = join(dir, 'out.json');
    host.exportToFile(imported.id, file, { includeSecret: true });
    const again = host.importFile(file, { name: 'Fixture shop copy' });
    expect({ ...again.definition, name: 'Fixture shop' }).toEqual(imported.definition);
  });

  it('leaves the secret out of an export unless asked, and a re-import generates a new one', () => {
    const imported = host.importFile(fixture.pathname);
    const file = join(dir, 'public.json');
    host.exportToFile(imported.id, file);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('whsec_fixture_secret');
    expect(JSON.parse(text)).not.toHaveProperty('signingSecret');
    const copy = host.importFile(file, { name: 'copy' });
    expect(copy.definition.signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
  });

  it('names the file and the problem when an import is not JSON or not there', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ "name": ');
    expect(codeOf(() => host.importFile(bad))).toBe('invalid_json');
    expect(codeOf(() => host.importFile(join(dir, 'missing.json')))).toBe('io_error');
  });
});
