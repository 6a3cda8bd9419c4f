// `ctb rotate start|status|finish` as a child process on a real data folder, while this process keeps
// the platform of the same folder open and sends real signed pings to a real connector.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../../../src/connector/index.ts';
import type { ListeningConnector } from '../../../src/connector/index.ts';
import { createEngine } from '../../../src/engine/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { fingerprint } from '../../../src/protocol/index.ts';
import { runCtb } from './run-ctb.ts';

let dir: string;
let engine: Engine;
let oldOnly: ListeningConnector;
let connectionId: string;
let oldSecret: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctb-rotate-'));
  engine = await createEngine({ dataDir: dir, seedDemoConnector: false, seedPassword: 'rotate-tests-pw' });
  const created = await engine.platform.connections.create({
    name: 'Rotated',
    webhook_url: 'http://127.0.0.1:1/service',
  });
  connectionId = created.id;
  oldSecret = created.signing_secret;
  oldOnly = await createConnector({ signingSecret: oldSecret }).listen(0);
  const url = oldOnly.url.endsWith('/service') ? oldOnly.url : `${oldOnly.url}/service`;
  await engine.platform.connections.update(connectionId, { webhook_url: url });
});

afterAll(async () => {
  await oldOnly?.close();
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

const rotate = (...args: string[]) =>
  runCtb(['rotate', ...args, '--connection', connectionId, '--data-dir', dir]);

// Each run starts a Node process that opens SQLite: seconds apiece on a busy machine.
describe('ctb rotate', { timeout: 120_000 }, () => {
  it('walks start, status and finish while a running platform keeps calling the connector', async () => {
    const idle = await rotate('status');
    expect(idle.code).toBe(0);
    expect(idle.stdout).toContain('no rotation in progress');
    expect(idle.stdout).toContain(fingerprint(oldSecret));

    const start = await rotate('start', '--grace', '600');
    expect(start.code).toBe(0);
    const secret = /new secret: (whsec_[0-9a-f]{64})/.exec(start.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(start.stdout).toMatch(/state\s+grace/);
    expect(start.stdout).toContain(fingerprint(oldSecret));

    // The platform open in this process reads the rotation at its next call: still the old secret.
    expect((await engine.platform.connections.test(connectionId)).ok).toBe(true);

    const during = await rotate('status', '--json');
    expect(during.code).toBe(1);
    const view = JSON.parse(during.stdout);
    expect(view).toMatchObject({
      state: 'grace',
      signing_with: 'previous',
      current_fingerprint: fingerprint(secret!),
      previous_fingerprint: fingerprint(oldSecret),
    });
    expect(during.stdout).not.toContain(secret!);

    const again = await rotate('start');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('still in the grace period');

    const finish = await rotate('finish');
    expect(finish.code).toBe(0);
    expect(finish.stdout).toMatch(/state\s+none/);
    // Finished: the platform signs with the new secret, which the old-only connector refuses.
    expect(await engine.platform.connections.test(connectionId)).toMatchObject({
      ok: false,
      error: { code: 'invalid_signature' },
    });

    const nothing = await rotate('finish');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('no rotation to finish');
  });

  it('exits 2 on an unknown connection or a grace that is not whole seconds', async () => {
    const unknown = await runCtb(['rotate', 'status', '--connection', 'conn_nope', '--data-dir', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no connection with id "conn_nope"');
    const grace = await rotate('start', '--grace', '1.5');
    expect(grace.code).toBe(2);
    expect(grace.stderr).toContain('--grace expects a whole number of seconds');
    expect((await rotate('status')).code).toBe(0);
  });
});
