// Hostile input on the routes a tester broke over loopback: unsigned or deep organization events,
// malformed multipart uploads, and floods of wrong logins (async scrypt, throttled with 429 + Retry-After).

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../src/engine/data-dir.ts';
import { sign } from '../../../src/protocol/index.ts';
import { MAX_FAILURE_NOTES } from '../../../src/platform/events.ts';
import { read, SEED_PASSWORD, startApi } from './helpers.ts';
import type { Answer, TestApi } from './helpers.ts';

let t: TestApi;
let connectionId: string;
let secret: string;

beforeAll(async () => {
  t = await startApi({}, { loginLimits: { perAccount: 3, perAddress: 1000, windowSeconds: 60 } });
  const created = await t.engine.platform.connections.create({
    name: 'events',
    webhook_url: 'http://127.0.0.1:9/service',
  });
  connectionId = created.id;
  secret = created.signing_secret;
});

afterAll(async () => {
  await t?.close();
});

function expectCoded(a: Answer, status: number, error: string): void {
  expect({ status: a.status, error: a.json?.error }).toEqual({ status, error });
  expect(typeof a.json.message).toBe('string');
  expect(a.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

async function postEvent(raw: string, headers: Record<string, string>): Promise<Answer> {
  return read(
    await fetch(`${t.url}/api/v1/org/events`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
}

const dbBytes = () => {
  const db = join(t.dir, DATABASE_FILE);
  const wal = `${db}-wal`;
  const size = (f: string) => {
    try {
      return statSync(f).size;
    } catch {
      return 0;
    }
  };
  return size(db) + size(wal);
};

describe('POST /api/v1/org/events', () => {
  it('writes nothing to the database for twenty unsigned or forged 250 KB events, and shows why in memory', async () => {
    const big = JSON.stringify({ event_id: 'flood', payload: { blob: 'x'.repeat(250_000) } });
    const rows = () => (t.engine.db.prepare('SELECT COUNT(*) AS n FROM org_events').get() as { n: number }).n;
    const before = dbBytes();
    for (let i = 0; i < 20; i++) {
      const unsigned = await postEvent(big, { 'x-service-connection-id': connectionId });
      expectCoded(unsigned, 401, 'unauthorized');
      const forged = await postEvent(big, {
        'x-service-connection-id': connectionId,
        ...sign('whsec_not_the_secret', big),
      });
      expectCoded(forged, 401, 'unauthorized');
    }
    // Nothing was stored before the signature verified: not the payload, not even a note.
    expect(rows()).toBe(0);
    expect(dbBytes() - before).toBeLessThan(64 * 1024);
    const events = t.engine.platform.connections.events(connectionId);
    expect(events).toHaveLength(MAX_FAILURE_NOTES);
    expect(events.every((e) => !e.verified && e.payload === null && e.event_id === null)).toBe(true);
    expect(events[0].failure).toMatch(/missing|mismatch/);

    // A signed event is stored, and listed before the older failure notes.
    const good = JSON.stringify({ event_id: 'quotation.created', payload: { id: 1 } });
    const stored = await postEvent(good, { 'x-service-connection-id': connectionId, ...sign(secret, good) });
    expect(stored.status).toBe(201);
    expect(rows()).toBe(1);
    const listed = t.engine.platform.connections.events(connectionId);
    expect(listed[0]).toMatchObject({ event_id: 'quotation.created', verified: true });
    expect(listed).toHaveLength(MAX_FAILURE_NOTES + 1);
  });

  it('refuses a correctly signed event nested 100 000 levels deep with 400, not 500', async () => {
    const deep = `{"event_id":"deep","payload":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const a = await postEvent(deep, { 'x-service-connection-id': connectionId, ...sign(secret, deep) });
    expectCoded(a, 400, 'validation_error');
    expect(a.json.message).toContain('nested deeper than');
  });

  it('refuses a body over 256 KB with 413 payload_too_large', async () => {
    const huge = JSON.stringify({ event_id: 'big', payload: 'y'.repeat(300_000) });
    const a = await postEvent(huge, { 'x-service-connection-id': connectionId, ...sign(secret, huge) });
    expectCoded(a, 413, 'payload_too_large');
  });

  it('answers 400 for a signed body that is not JSON or has no event_id', async () => {
    for (const raw of ['{"event_id": ', '[1]', '{"payload":{}}', '{"event_id":42}']) {
      const a = await postEvent(raw, { 'x-service-connection-id': connectionId, ...sign(secret, raw) });
      expectCoded(a, 400, 'validation_error');
    }
  });
});

describe('POST /api/v1/documents with malformed multipart', () => {
  it.each([
    ['no boundary', 'multipart/form-data', 'abc', /Boundary not found/],
    [
      'an unterminated part',
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
      /Unexpected end/,
    ],
    ['garbage after the boundary', 'multipart/form-data; boundary=XX', 'garbage', /Unexpected end/],
  ])(
    'answers 400 validation_error with the parser reason for %s',
    async (_label, contentType, raw, reason) => {
      const a = await t.call('POST', '/api/v1/documents', { token: t.tokens.member, raw, contentType });
      expectCoded(a, 400, 'validation_error');
      expect(a.json.message).toMatch(/multipart body is malformed/);
      expect(a.json.message).toMatch(reason);
    },
  );
});

describe('POST /api/v1/auth/login under a flood', () => {
  const login = (email: string, password: string) =>
    t.call('POST', '/api/v1/auth/login', { body: { email, password } });

  it('throttles wrong passwords per account with 429, Retry-After and a coded error', async () => {
    const email = 'admin@example.test';
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(email, 'wrong')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const limited = answers.find((a) => a.status === 429)!;
    expectCoded(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The right password is refused too while the account is locked: guessing cannot continue.
    expect((await login(email, SEED_PASSWORD)).status).toBe(429);
    // Other accounts are not affected by this one's lock.
    expect((await login('owner@example.test', SEED_PASSWORD)).status).toBe(200);
  });

  it('serves other requests while sixteen logins run scrypt concurrently', async () => {
    const emails = Array.from({ length: 16 }, (_, i) => `nobody-${i}@example.test`);
    let settled = false;
    const logins = Promise.all(emails.map((e) => login(e, 'wrong'))).finally(() => (settled = true));
    // With a synchronous scrypt at most one login is ever in flight on the server. On a busy
    // machine the first may finish before the sixteenth arrives (it hung CI once waiting for all
    // sixteen), so the test waits for half of them, and fails instead of hanging if they end first.
    let peak = 0;
    while (!settled && peak < 8) {
      peak = Math.max(peak, t.api.loginThrottle.running());
      await new Promise((r) => setImmediate(r));
    }
    expect(peak).toBeGreaterThanOrEqual(8);
    const health = await t.call('GET', '/health');
    expect(health.status).toBe(200);
    expect(t.api.loginThrottle.running()).toBeGreaterThan(0);
    expect((await logins).every((a) => a.status === 401)).toBe(true);
  });
});

describe('throttle per client address', () => {
  it('answers 429 once one address has too many failures, whatever the account', async () => {
    const s = await startApi({}, { loginLimits: { perAccount: 100, perAddress: 4, windowSeconds: 60 } });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 6; i++)
        answers.push(
          (
            await s.call('POST', '/api/v1/auth/login', {
              body: { email: `x${i}@example.test`, password: 'no' },
            })
          ).status,
        );
      expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await s.close();
    }
  });
});
