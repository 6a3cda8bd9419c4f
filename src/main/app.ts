// The desktop shell's start-up: the engine for the user data folder with a keychain-backed key,
// one IPC handler per contract method, and the window. Everything else lives outside Electron.

import { app, ipcMain, safeStorage, session } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openBackend } from '../bridge/backend.ts';
import type { Backend } from '../bridge/backend.ts';
import { forwardEvents, registerIpc } from './ipc.ts';
import { desktopKeyProvider } from './safe-storage-key.ts';
import { devRendererOrigin, isTrustedPageUrl } from './security.ts';
import type { TrustedPage } from './security.ts';
import { createMainWindow } from './window.ts';

function desktopPaths(mainDir = dirname(fileURLToPath(import.meta.url))): {
  preload: string;
  renderer: string;
} {
  return {
    preload: join(mainDir, '../preload/index.cjs'),
    renderer: join(mainDir, '../renderer/index.html'),
  };
}

/**
 * `--data-dir D` on the electron command line (what `ctb --data-dir D` passes on), else
 * $CTB_DATA_DIR as the CLI and browser mode read it, else Electron's userData folder.
 */
export function dataDirFromArgv(
  argv: string[],
  fallback: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const i = argv.indexOf('--data-dir');
  if (i >= 0 && argv[i + 1]) return argv[i + 1];
  const inline = argv.find((a) => a.startsWith('--data-dir='));
  if (inline) return inline.slice('--data-dir='.length);
  return env.CTB_DATA_DIR?.trim() || fallback;
}

/** Null when another instance already runs (it gets focused instead). */
export async function startDesktop(mainDir?: string): Promise<Backend | null> {
  // One window per user: a second launch focuses the first instead of opening the same database twice.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  await app.whenReady();
  const dataDir = dataDirFromArgv(process.argv, app.getPath('userData'));
  const keyProvider = desktopKeyProvider(dataDir, safeStorage, (m) => console.warn(`ctb: ${m}`));
  const backend = await openBackend({ dataDir, keyProvider, mode: 'desktop', version: app.getVersion() });
  const paths = desktopPaths(mainDir);
  const page: TrustedPage = {
    fileUrl: pathToFileURL(paths.renderer).href,
    devOrigin: devRendererOrigin(process.env, app.isPackaged),
  };
  registerIpc(ipcMain, backend.dispatch, (url) => isTrustedPageUrl(url, page));

  const open = () => {
    const win = createMainWindow({
      userDataDir: dataDir,
      preloadPath: paths.preload,
      rendererFile: paths.renderer,
      page,
      session: session.defaultSession,
    });
    forwardEvents(backend.hub, win.webContents);
    return win;
  };
  let win = open();
  app.on('second-instance', () => {
    if (win.isDestroyed()) win = open();
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('activate', () => {
    if (win.isDestroyed()) win = open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    void backend.close();
  });
  return backend;
}
