// Secret rotation with a grace period over a real SQLite file: real signed pings from the platform to
// a real SDK connector that accepts two secrets, verified during the grace and refused after it.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnector } from '../../../src/connector/index.ts';
import type { ExchangeEvent } from '../../../src/connector/index.ts';
import { fingerprint } from '../../../src/protocol/index.ts';
import { PlatformError } from '../../../src/platform/index.ts';
import { makePlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

// The platform's clock, moved on by the tests; it stays within the connector's 300 s window.
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let t: TestPlatform;
const closers: Array<() => Promise<void>> = [];
beforeEach(async () => {
  offsetMs = 0;
  t = await makePlatform({ now });
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await t.cleanup();
});

/** A real connector accepting `secrets` (current first), with every matched secret index it saw. */
async function connector(secrets: string[]) {
  const matched: Array<number | null> = [];
  const c = createConnector({ signingSecret: secrets });
  c.on('exchange', (e: ExchangeEvent) => matched.push(e.response.outcome.matchedSecret?.index ?? null));
  const l = await c.listen(0);
  closers.push(() => l.close());
  return { url: l.url.endsWith('/service') ? l.url : `${l.url}/service`, matched };
}

async function connection() {
  return t.platform.connections.create({ name: 'Rotating', webhook_url: 'http://127.0.0.1:1/service' });
}

describe('rotation with a grace period', () => {
  it('keeps signing with the previous secret during the grace and switches to the new one after it', async () => {
    const c = await connection();
    const old = c.signing_secret;
    const started = t.platform.connections.rotation.start(c.id, { grace_seconds: 60 });
    const fresh = started.signing_secret;
    expect(fresh).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(started).toMatchObject({
      state: 'grace',
      signing_with: 'previous',
      current_fingerprint: fingerprint(fresh),
      previous_fingerprint: fingerprint(old),
      grace_ends_at: new Date(Date.parse(started.grace_ends_at!)).toISOString(),
    });

    // The connector has been given the new secret first and still knows the old one.
    const both = await connector([fresh, old]);
    await t.platform.connections.update(c.id, { webhook_url: both.url });
    expect((await t.platform.connections.test(c.id)).ok).toBe(true);
    expect(both.matched).toEqual([1]);

    offsetMs = 61_000;
    expect(t.platform.connections.rotation.status(c.id)).toMatchObject({
      state: 'switched',
      signing_with: 'current',
    });
    expect((await t.platform.connections.test(c.id)).ok).toBe(true);
    expect(both.matched).toEqual([1, 0]);
  });

  it('refuses calls after the grace at a connector that only has the old secret and another one', async () => {
    const c = await connection();
    t.platform.connections.rotation.start(c.id, { grace_seconds: 30 });
    const stale = await connector(['whsec_unrelated', c.signing_secret]);
    await t.platform.connections.update(c.id, { webhook_url: stale.url });

    const during = await t.platform.connections.test(c.id);
    expect(during.ok).toBe(true);
    expect(stale.matched).toEqual([1]);

    offsetMs = 31_000;
    const after = await t.platform.connections.test(c.id);
    expect(after).toMatchObject({ ok: false, status: 'failing', error: { code: 'invalid_signature' } });
    expect(stale.matched).toEqual([1, null]);
  });

  it('signs with the new secret at once when no grace is given, remembering the previous by fingerprint', async () => {
    const c = await connection();
    const started = t.platform.connections.rotation.start(c.id, {});
    expect(started).toMatchObject({ state: 'switched', signing_with: 'current' });
    expect(started.previous_fingerprint).toBe(fingerprint(c.signing_secret));
    const onlyNew = await connector([started.signing_secret]);
    await t.platform.connections.update(c.id, { webhook_url: onlyNew.url });
    expect((await t.platform.connections.test(c.id)).ok).toBe(true);
  });

  it('finishing early signs with the new secret and forgets the previous one', async () => {
    const c = await connection();
    const started = t.platform.connections.rotation.start(c.id, { grace_seconds: 3600 });
    const onlyNew = await connector([started.signing_secret]);
    await t.platform.connections.update(c.id, { webhook_url: onlyNew.url });
    expect((await t.platform.connections.test(c.id)).ok).toBe(false);

    expect(t.platform.connections.rotation.finish(c.id)).toMatchObject({
      state: 'none',
      signing_with: 'current',
      previous_fingerprint: null,
      grace_ends_at: null,
    });
    expect((await t.platform.connections.test(c.id)).ok).toBe(true);
    expect(() => t.platform.connections.rotation.finish(c.id)).toThrow(/no rotation to finish/);
  });

  it('refuses a second rotation during the grace and a grace that is not a whole number of seconds', async () => {
    const c = await connection();
    for (const grace_seconds of [-1, 1.5, '60', 8 * 24 * 3600]) {
      const err = (() => {
        try {
          t.platform.connections.rotation.start(c.id, { grace_seconds });
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(PlatformError);
      expect(err).toMatchObject({ code: 'validation_error', details: { field: 'grace_seconds' } });
    }
    t.platform.connections.rotation.start(c.id, { grace_seconds: 60 });
    expect(() => t.platform.connections.rotation.start(c.id, { grace_seconds: 60 })).toThrow(
      /still in the grace period/,
    );
  });

  it('never shows a secret in the rotation state, and a secret set by update ends the grace', async () => {
    const c = await connection();
    const started = t.platform.connections.rotation.start(c.id, { grace_seconds: 60 });
    const shown = JSON.stringify(t.platform.connections.rotation.status(c.id));
    expect(shown).not.toContain(started.signing_secret);
    expect(shown).not.toContain(c.signing_secret);
    await t.platform.connections.update(c.id, { signing_secret: 'whsec_set_by_hand_0123456789' });
    expect(t.platform.connections.rotation.status(c.id)).toMatchObject({ state: 'none' });
  });

  it('keeps a rotation in progress across a restart on the same data folder', async () => {
    const c = await connection();
    t.platform.connections.rotation.start(c.id, { grace_seconds: 60 });
    await t.platform.close();
    t.db.close();
    const again = await makePlatform({ now }, t.dir);
    closers.push(() => again.cleanup());
    expect(again.platform.connections.rotation.status(c.id)).toMatchObject({
      state: 'grace',
      previous_fingerprint: fingerprint(c.signing_secret),
    });
  });
});

describe('rotation migration', () => {
  it('adds the rotation columns to a version 1 database and keeps its connections', async () => {
    const c = await connection();
    await t.platform.close();
    // Back to the version 1 shape: a folder written before rotation existed.
    t.db.exec(`DELETE FROM schema_migrations WHERE domain = 'platform' AND version = 2;
      ALTER TABLE sdk_connections DROP COLUMN previous_secret_ciphertext;
      ALTER TABLE sdk_connections DROP COLUMN grace_ends_at;`);
    t.db.close();
    const again = await makePlatform({ now }, t.dir);
    closers.push(() => again.cleanup());
    expect(again.platform.connections.get(c.id).name).toBe('Rotating');
    expect(again.platform.connections.rotation.status(c.id).current_fingerprint).toBe(
      fingerprint(c.signing_secret),
    );
  });
});
