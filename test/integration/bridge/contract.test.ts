// The contract suite: the same cases against both transports (browser-mode HTTP and Electron IPC),
// each over a real engine, a real local connector (the built-in Demo catalog) and real signed calls.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ConnectionDto, LocalConnectorDto, Result } from '../../../src/shared/index.ts';
import { httpTransport, ipcTransport } from './transports.ts';
import type { TransportUnderTest } from './transports.ts';

vi.mock('electron', async () => (await import('../../unit/main/fake-electron.ts')).fakeElectron);

function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

describe.each([
  ['browser-mode HTTP', httpTransport],
  ['Electron IPC', ipcTransport],
])('the contract over %s', (_name, open) => {
  let t: TransportUnderTest;
  let api: ApiClient;
  let demo: LocalConnectorDto;
  let connection: ConnectionDto;
  let secret: string;

  beforeAll(async () => {
    t = await open();
    api = t.client;
  });
  afterAll(() => t?.close());

  it('app:get-info names the data folder and the shell', async () => {
    const info = data(await api.call('app:get-info', undefined));
    expect(info.dataDir).toBe(t.dataDir);
    expect(info.mode).toBe(t.name === 'http' ? 'browser' : 'desktop');
    expect(info.platformUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.ssrfMode).toBe('dev');
  });

  it('workspaces:list gives the seeded workspaces', async () => {
    const names = data(await api.call('workspaces:list', undefined)).map((w) => w.name);
    expect(names).toEqual(['Default', 'Sales']);
  });

  it('starts the Demo catalog as a real local connector', async () => {
    const listed = data(await api.call('local:list', undefined));
    const stopped = listed.find((l) => l.name === 'Demo catalog')!;
    expect(stopped.running).toBe(false);
    demo = data(await api.call('local:start', { id: stopped.id }));
    expect(demo.running).toBe(true);
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/service$/);
    secret = demo.definition.signingSecret as string;
  });

  it('creates a connection, shows its secret once and never lists it', async () => {
    const workspaces = data(await api.call('workspaces:list', undefined));
    connection = data(
      await api.call('connections:create', {
        name: 'Catalog',
        webhook_url: demo.url!,
        signing_secret: secret,
        workspace_id: workspaces[0].id,
      }),
    );
    expect(connection.signing_secret).toBe(secret);
    expect(connection.has_secret).toBe(true);
    const listed = await api.call('connections:list', undefined);
    expect(data(listed).map((c) => c.name)).toEqual(['Catalog']);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('tests the connection against the running connector', async () => {
    const report = data(await api.call('connections:test', { id: connection.id }));
    expect(report).toMatchObject({ ok: true, status: 'healthy', error: null });
    expect(report.exchange_id).toBeGreaterThan(0);
  });

  it('syncs the tools and lists them as business tools of the workspace', async () => {
    const sync = data(await api.call('connections:sync-tools', { id: connection.id }));
    expect(sync.source).toBe('capabilities.list');
    expect(sync.tools.length).toBeGreaterThan(0);
    expect(sync.tools.every((x) => x.change === 'new' && x.business_tool_id)).toBe(true);
    const tools = data(await api.call('tools:list', { workspaceId: connection.workspace_id! }));
    expect(tools.map((x) => x.name).sort()).toEqual(sync.tools.map((x) => x.name).sort());
  });

  it('console:send with a skewed clock is refused and diagnosed by the failed check', async () => {
    const appended: number[] = [];
    const off = api.on('history:appended', (p) => appended.push(p.id));
    const detail = data(
      await api.call('console:send', {
        target: { kind: 'connection', id: connection.id },
        type: 'ping',
        faults: { skewOffsetSeconds: 400 },
      }),
    );
    expect(detail.direction).toBe('outgoing');
    expect(detail.responseStatus).toBe(401);
    expect(detail.verdict).toBe('invalid_signature');
    expect(detail.faults).toEqual(['clock skew +400 s']);
    expect(detail.diagnosis).toMatchObject({ verdict: 'invalid', failedCheck: 'timestamp_in_future' });
    await vi.waitFor(() => expect(appended).toContain(detail.id), { timeout: 5000 });
    off();
  });

  it('console:send with a wrong secret names a signature mismatch', async () => {
    const detail = data(
      await api.call('console:send', {
        target: { kind: 'local', id: demo.id },
        type: 'tool.invoke',
        tool: 'list_products',
        parameters: {},
        faults: { wrongSecret: true },
      }),
    );
    expect(detail.verdict).toBe('invalid_signature');
    expect(detail.diagnosis?.failedCheck).toBe('signature_mismatch');
    expect(JSON.stringify(detail)).not.toContain(secret);
  });

  it('history:get rebuilds the same detail, and exports never carry the secret', async () => {
    const page = data(
      await api.call('history:page', {
        filter: { direction: 'outgoing', connectionId: connection.id },
        limit: 1,
      }),
    );
    const id = page.items[0].id;
    const detail = data(await api.call('history:get', { id }));
    expect(detail.id).toBe(id);
    expect(detail.requestHeaders.some(([n]) => n === 'x-service-signature')).toBe(true);
    expect(detail.diagnosis?.failedCheck).toBe('timestamp_in_future');
    const curl = data(await api.call('history:export-curl', { id, mode: 're-signed' })).command;
    expect(curl).toMatch(/x-service-signature: v1=[0-9a-f]{64}/);
    expect(curl).not.toContain(secret);
    const har = JSON.stringify(data(await api.call('history:export-har', { ids: [id] })).har);
    expect(har).toContain('"version":"1.2"');
    expect(har).not.toMatch(/v1=[0-9a-f]{64}/);
  });

  it('answers bad input with validation_error, not a crash', async () => {
    await expect(api.call('connections:create', { name: 42 } as never)).resolves.toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
    await expect(
      api.call('console:send', { target: { kind: 'ftp' }, type: 'ping' } as never),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
    await expect(api.call('history:get', { id: -1 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
    await expect(api.call('connections:test', { id: 'conn_missing' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('refuses a method that is not in the contract', async () => {
    await expect(api.call('nope:nope' as never, {} as never)).resolves.toMatchObject({
      ok: false,
      error: { code: 'unknown_method' },
    });
    const raw = await t.rawUnknownMethod();
    expect(raw.refused).toBe(true);
  });
});
