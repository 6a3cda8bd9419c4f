// The two transports of the contract, set up the way each shell sets them up, for the contract
// suite: browser mode (real HTTP server, real fetch and EventSource) and Electron IPC (main's
// registration with a fake electron, called through the real preload bridge).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSource } from 'undici';
import type { ApiClient } from '../../../src/shared/index.ts';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { startBrowserServer } from '../../../src/bridge/http-server.ts';
import { createHttpClient } from '../../../src/renderer/src/api/http-client.ts';
import type { HttpClientOptions } from '../../../src/renderer/src/api/http-client.ts';

export interface TransportUnderTest {
  name: 'http' | 'ipc';
  client: ApiClient;
  backend: Backend;
  dataDir: string;
  /** Sends a method name the contract does not have, below the client (which refuses it itself). */
  rawUnknownMethod(): Promise<{ refused: boolean; detail: unknown }>;
  close(): Promise<void>;
}

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'ctb-contract-'));
}

export async function httpTransport(): Promise<TransportUnderTest> {
  const dataDir = await tempDir();
  const backend = await openBackend({
    dataDir,
    mode: 'browser',
    version: 'test',
    seedPassword: 'contract-pass-1',
  });
  const server = await startBrowserServer({
    dispatch: backend.dispatch,
    events: backend.hub,
    staticDir: null,
  });
  const client = createHttpClient({
    baseUrl: server.origin,
    token: server.token,
    EventSource: EventSource as unknown as HttpClientOptions['EventSource'],
  });
  return {
    name: 'http',
    client,
    backend,
    dataDir,
    async rawUnknownMethod() {
      const res = await fetch(`${server.origin}/api/call/nope:nope`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ctb-token': server.token },
        body: '{}',
      });
      return { refused: res.status === 404, detail: await res.json() };
    },
    async close() {
      await server.close();
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Needs `vi.mock('electron', ...)` with test/unit/main/fake-electron.ts in the calling file. */
export async function ipcTransport(): Promise<TransportUnderTest> {
  const fake = await import('../../unit/main/fake-electron.ts');
  fake.resetFakeElectron();
  const dataDir = await tempDir();
  Object.assign(fake.fakeState, {
    userData: dataDir,
    senderUrl: 'file:///app/out/renderer/index.html',
    encryptionAvailable: false,
  });
  const { startDesktop } = await import('../../../src/main/app.ts');
  const backend = (await startDesktop('/app/out/main'))!;
  // Route what main pushes to its window into the fake renderer, as webContents.send would.
  const win = fake.FakeBrowserWindow.instances[0];
  const send = win.webContents.send.bind(win.webContents);
  win.webContents.send = (channel: string, message: unknown) => {
    send(channel, message);
    fake.deliverToRenderer(channel, message);
  };
  const { createBridgeApi } = await import('../../../src/preload/api.ts');
  const client = createBridgeApi(fake.ipcRenderer) as unknown as ApiClient;
  return {
    name: 'ipc',
    client,
    backend,
    dataDir,
    async rawUnknownMethod() {
      try {
        const answer = await fake.ipcRenderer.invoke('nope:nope', {});
        return { refused: false, detail: answer };
      } catch (error) {
        return { refused: true, detail: (error as Error).message };
      }
    },
    async close() {
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
