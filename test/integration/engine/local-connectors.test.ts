// Local connectors keep their port across restarts and the connection registered from one follows it:
// a real engine on a temp folder, real listening connectors, a real signed Test Connection.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HostError } from '../../../src/connector/host/index.ts';
import { createEngine } from '../../../src/engine/index.ts';
import type { Engine } from '../../../src/engine/index.ts';

const SECRET = 'whsec_stable_port_test_secret_0123456789';
const tools = [{ name: 'ok', description: 'fine', behaviour: { type: 'static', output: { fine: true } } }];

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function open(): Promise<Engine> {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-local-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const engine = await createEngine({ dataDir: dir, seedDemoConnector: false });
  cleanups.push(() => engine.close());
  cleanups.push(() => engine.host.stopAll());
  return engine;
}

function occupy(port: number): Promise<Server> {
  const server = createServer();
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('local connector ports', () => {
  it('restarts a port-0 connector on the port it got the first time', async () => {
    const engine = await open();
    const local = engine.localConnectors;
    const saved = await local.save(undefined, { name: 'Stable', signingSecret: SECRET, tools });
    const first = await local.start(saved.id);
    await local.stop(saved.id);
    const second = await local.start(saved.id);
    expect(first.port).toBeGreaterThan(0);
    expect(second.port).toBe(first.port);
    expect(second.url).toBe(first.url);
  });

  it('refuses with port_in_use when another program took the remembered port, instead of moving silently', async () => {
    const engine = await open();
    const local = engine.localConnectors;
    const saved = await local.save(undefined, { name: 'Squatted', signingSecret: SECRET, tools });
    const { port } = await local.start(saved.id);
    await local.stop(saved.id);
    await occupy(port!);
    const error = await local.start(saved.id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HostError);
    expect((error as HostError).code).toBe('port_in_use');
    expect((error as HostError).message).toContain(`port ${port}`);
    expect((error as HostError).details).toMatchObject({ port, remembered: true });
    expect(local.view(saved.id).running).toBe(false);
  });
});

describe('a connection registered from a local connector', () => {
  it('follows the connector to a new port and still passes Test Connection', async () => {
    const engine = await open();
    engine.platform.setPlan('premium');
    const local = engine.localConnectors;
    const saved = await local.save(undefined, { name: 'Followed', signingSecret: SECRET, tools });
    const started = await local.start(saved.id);
    const connection = await engine.platform.connections.create({
      name: 'From local',
      webhook_url: started.url,
      signing_secret: SECRET,
    });
    const unrelated = await engine.platform.connections.create({
      name: 'Elsewhere',
      webhook_url: 'http://127.0.0.1:9/other',
      signing_secret: SECRET,
    });

    // Moving the connector: a fixed port in its definition, applied while it runs.
    const probe = await occupy(0);
    const free = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const moved = await local.save(saved.id, { name: 'Followed', signingSecret: SECRET, port: free, tools });

    expect(moved.port).toBe(free);
    expect(engine.platform.connections.get(connection.id).webhook_url).toBe(moved.url);
    expect(engine.platform.connections.get(unrelated.id).webhook_url).toBe('http://127.0.0.1:9/other');
    const report = await engine.platform.connections.test(connection.id);
    expect(report.status).not.toBe('failing');
  });
});
