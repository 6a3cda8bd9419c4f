// The Electron shell with a fake electron module: the window's security settings, refused
// navigation, windows and permissions, the CSP, IPC handlers for exactly the contract, foreign
// frames refused, events pushed, and the window's place remembered.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METHOD_NAMES } from '../../../src/shared/index.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import {
  FakeBrowserWindow,
  fakeSession,
  fakeState,
  ipcMain,
  ipcRenderer,
  resetFakeElectron,
} from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).fakeElectron);

const MAIN_DIR = '/app/out/main';
const PAGE_URL = 'file:///app/out/renderer/index.html';

describe('the desktop shell', () => {
  let userData: string;
  let backend: Backend;
  let win: FakeBrowserWindow;

  beforeAll(async () => {
    resetFakeElectron();
    userData = await mkdtemp(join(tmpdir(), 'ctb-desktop-'));
    Object.assign(fakeState, {
      userData,
      senderUrl: PAGE_URL,
      encryptionAvailable: true,
      backend: 'gnome_libsecret',
    });
    const { startDesktop } = await import('../../../src/main/app.ts');
    backend = (await startDesktop(MAIN_DIR))!;
    win = FakeBrowserWindow.instances[0];
  });

  afterAll(async () => {
    await backend?.close();
    await rm(userData, { recursive: true, force: true });
  });

  it('opens one window with isolation, sandbox, no Node and web security', () => {
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    });
    expect(win.loadedFile).toBe('/app/out/renderer/index.html');
  });

  it('refuses navigation away from the app page but allows its own routes', () => {
    expect(win.webContents.simulate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(win.webContents.simulate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(win.webContents.simulate('will-navigate', `${PAGE_URL}#/history`)).toBe(false);
    expect(win.webContents.simulate('will-attach-webview')).toBe(true);
  });

  it('denies window.open and every permission request', () => {
    expect(win.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    let granted: boolean | null = null;
    fakeSession.permissionRequest?.(win.webContents, 'media', (g) => (granted = g));
    expect(granted).toBe(false);
    expect(fakeSession.permissionCheck?.(win.webContents, 'notifications')).toBe(false);
  });

  it('puts the strict Content-Security-Policy on every answer', () => {
    let headers: Record<string, string[]> | undefined;
    fakeSession.headersHook?.(
      { responseHeaders: { 'content-type': ['text/html'] } },
      (r) => (headers = r.responseHeaders),
    );
    const csp = headers?.['Content-Security-Policy']?.[0] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers?.['content-type']).toEqual(['text/html']);
  });

  it('registers exactly one IPC handler per contract method', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('answers a call from the app page with a Result', async () => {
    fakeState.senderUrl = `${PAGE_URL}?x=1#/connections`;
    const result = (await ipcRenderer.invoke('app:get-info')) as {
      ok: boolean;
      data: { mode: string; dataDir: string };
    };
    expect(result).toMatchObject({ ok: true, data: { mode: 'desktop', dataDir: userData } });
  });

  it.each([['https://evil.example/'], ['file:///tmp/other/index.html'], ['http://127.0.0.1:5173/']])(
    'refuses a call from the foreign frame %s',
    async (url) => {
      fakeState.senderUrl = url;
      const result = await ipcRenderer.invoke('connections:list');
      fakeState.senderUrl = PAGE_URL;
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    },
  );

  it('pushes engine events to the window on the ctb:event channel', () => {
    backend.hub.emit('connections:changed', { id: 'conn_x' });
    expect(win.webContents.sent.at(-1)).toEqual({
      channel: 'ctb:event',
      message: { event: 'connections:changed', payload: { id: 'conn_x' } },
    });
  });

  it('keeps the secret key encrypted by the keychain, not in clear', async () => {
    const stored = await readFile(join(userData, 'secret.key.safe'));
    expect(stored.toString('utf8')).not.toMatch(/^[0-9a-f]{64}$/);
    await expect(readFile(join(userData, 'secret.key'))).rejects.toThrow();
  });

  it('remembers the window size and position when it closes', async () => {
    win.emit('close');
    const state = JSON.parse(await readFile(join(userData, 'window-state.json'), 'utf8'));
    expect(state).toEqual({ x: 10, y: 20, width: 1280, height: 820, maximized: false });
  });
});
