// The guided rotation rehearsal over a real engine: a real local connector on 127.0.0.1, real signed
// pings from the platform, and the local connector's secret list (current first) at every step.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { advanceRehearsal, pingRehearsal, startRehearsal } from '../../../src/engine/rotation.ts';
import { fingerprint } from '../../../src/protocol/index.ts';

let engine: Engine;
beforeEach(async () => {
  engine = await createEngine({ dataDir: ':memory:', seedDemoConnector: false });
});
afterEach(async () => {
  await engine.close();
});

async function setup() {
  const connection = await engine.platform.connections.create({ name: 'Rehearsed' });
  const local = engine.host.create({ name: 'Rehearsal connector', tools: [] });
  return { connection, local };
}

describe('rotation rehearsal', () => {
  it('fails calls while the connector has only the old secret, then verifies them under [new, old] and [new]', async () => {
    const { connection, local } = await setup();
    const ready = await startRehearsal(engine, { connectionId: connection.id, localConnectorId: local.id });
    expect(ready.calls).toMatchObject([{ step: 0, ok: true, verdict: 'ok', matchedIndex: 0 }]);
    const old = fingerprint(connection.signing_secret);
    expect(ready.connectorSecrets).toEqual([old]);

    const generated = await advanceRehearsal(engine);
    expect(generated.newSecret).toMatch(/^whsec_/);
    const fresh = fingerprint(generated.newSecret!);
    expect(generated.rotation).toMatchObject({ currentFingerprint: fresh, previousFingerprint: old });
    expect(generated.calls.at(-1)).toMatchObject({ step: 1, ok: false, verdict: 'invalid_signature' });

    const watched = await advanceRehearsal(engine);
    expect(watched.newSecret).toBeUndefined();
    expect((await pingRehearsal(engine)).calls.at(-1)).toMatchObject({
      step: 2,
      ok: false,
      signedWith: fresh,
    });

    const both = await advanceRehearsal(engine);
    expect(both.connectorSecrets).toEqual([fresh, old]);
    expect(engine.host.get(local.id).definition.previousSigningSecrets).toEqual([connection.signing_secret]);
    expect(both.calls.at(-1)).toMatchObject({
      step: 3,
      ok: true,
      matchedIndex: 0,
      matchedFingerprint: fresh,
    });

    const dropped = await advanceRehearsal(engine);
    expect(dropped.connectorSecrets).toEqual([fresh]);
    expect(dropped.rotation).toMatchObject({ state: 'none', previousFingerprint: null });
    expect(dropped.calls.at(-1)).toMatchObject({ step: 4, ok: true, matchedIndex: 0 });
    expect(JSON.stringify(dropped)).not.toContain('whsec_');
    await expect(advanceRehearsal(engine)).rejects.toThrow(/rehearsal is complete/);
  });

  it('keeps calls verified during a grace period: the platform signs with the old secret, matched as index 1', async () => {
    const { connection, local } = await setup();
    await startRehearsal(engine, {
      connectionId: connection.id,
      localConnectorId: local.id,
      graceSeconds: 600,
    });
    const generated = await advanceRehearsal(engine);
    expect(generated.rotation).toMatchObject({ state: 'grace', signingWith: 'previous' });
    expect(generated.rotation.graceEndsAt).not.toBeNull();
    expect(generated.calls.at(-1)).toMatchObject({ step: 1, ok: true, matchedIndex: 0 });
    await advanceRehearsal(engine);
    const both = await advanceRehearsal(engine);
    expect(both.calls.at(-1)).toMatchObject({
      step: 3,
      ok: true,
      matchedIndex: 1,
      matchedFingerprint: fingerprint(connection.signing_secret),
    });
  });
});
