// ELECTRON_RENDERER_URL decides which page gets full IPC: an inherited value must never point the
// window elsewhere. Only an unpackaged dev build under electron-vite dev may use a loopback http URL.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devRendererOrigin } from '../../../src/main/security.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { app, FakeBrowserWindow, fakeState, resetFakeElectron } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).fakeElectron);

const DEV_ENV = { ELECTRON_RENDERER_URL: 'http://localhost:5173', NODE_ENV_ELECTRON_VITE: 'development' };

describe('devRendererOrigin', () => {
  it('uses the dev server of electron-vite dev: unpackaged, dev build, marker set, loopback http', () => {
    expect(devRendererOrigin(DEV_ENV, false, true)).toBe('http://localhost:5173');
    expect(
      devRendererOrigin({ ...DEV_ENV, ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }, false, true),
    ).toBe('http://127.0.0.1:5173');
    expect(devRendererOrigin({ ...DEV_ENV, ELECTRON_RENDERER_URL: 'http://[::1]:5173' }, false, true)).toBe(
      'http://[::1]:5173',
    );
  });

  it('ignores an inherited URL in a production build, as `ctb` launches it, even with the marker', () => {
    expect(devRendererOrigin(DEV_ENV, false, false)).toBeNull();
  });

  it('ignores the URL in a packaged app', () => {
    expect(devRendererOrigin(DEV_ENV, true, true)).toBeNull();
  });

  it('ignores the URL without the marker electron-vite dev sets', () => {
    expect(
      devRendererOrigin({ ELECTRON_RENDERER_URL: DEV_ENV.ELECTRON_RENDERER_URL }, false, true),
    ).toBeNull();
    expect(devRendererOrigin({ ...DEV_ENV, NODE_ENV_ELECTRON_VITE: 'production' }, false, true)).toBeNull();
  });

  it.each([
    ['a remote origin', 'http://evil.example:5173'],
    ['https, which the dev server does not use here', 'https://localhost:5173'],
    ['a file URL', 'file:///tmp/evil.html'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['credentials in the URL', 'http://user:pw@localhost:5173'],
    ['a host that only starts like loopback', 'http://127.0.0.1.evil.example:5173'],
    ['a private address', 'http://192.168.1.10:5173'],
    ['text that is no URL', 'localhost:5173 please'],
  ])('ignores %s even under electron-vite dev', (_what, url) => {
    expect(devRendererOrigin({ ...DEV_ENV, ELECTRON_RENDERER_URL: url }, false, true)).toBeNull();
  });
});

describe('the desktop shell started unpackaged with an inherited ELECTRON_RENDERER_URL', () => {
  let backend: Backend | null = null;
  let userData = '';
  afterEach(async () => {
    await backend?.close();
    await rm(userData, { recursive: true, force: true });
    delete process.env.ELECTRON_RENDERER_URL;
    delete process.env.NODE_ENV_ELECTRON_VITE;
    app.isPackaged = true;
  });

  it('loads its own file and refuses navigation and IPC trust for that origin', async () => {
    resetFakeElectron();
    userData = await mkdtemp(join(tmpdir(), 'ctb-dev-url-'));
    Object.assign(fakeState, { userData, senderUrl: 'file:///app/out/renderer/index.html' });
    app.isPackaged = false;
    process.env.ELECTRON_RENDERER_URL = 'http://evil.example:8080';
    process.env.NODE_ENV_ELECTRON_VITE = 'development';
    const { startDesktop } = await import('../../../src/main/app.ts');
    backend = await startDesktop('/app/out/main');
    const win = FakeBrowserWindow.instances[0];
    expect(win.loadedUrl).toBeNull();
    expect(win.loadedFile).toBe('/app/out/renderer/index.html');
    expect(win.webContents.simulate('will-navigate', 'http://evil.example:8080/')).toBe(true);
  });
});
