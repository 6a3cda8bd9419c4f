// The one application window: secure webPreferences (isolated, sandboxed, no Node), the hardened
// session and contents of security.ts, and the size and position of the last launch.

import { BrowserWindow, screen } from 'electron';
import type { Session } from 'electron';
import { hardenContents, hardenSession } from './security.ts';
import type { TrustedPage } from './security.ts';
import { loadWindowState, saveWindowState, windowStateFile } from './window-state.ts';

export interface WindowOptions {
  userDataDir: string;
  preloadPath: string;
  rendererFile: string;
  page: TrustedPage;
  session: Session;
}

const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const stateFile = windowStateFile(options.userDataDir);
  const state = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  hardenSession(options.session);
  const win = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Connector Testbench',
    backgroundColor: '#1e1e1e',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preloadPath, session: options.session },
  });
  hardenContents(win.webContents, options.page);
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => {
    const bounds = win.getNormalBounds();
    saveWindowState(stateFile, { ...bounds, maximized: win.isMaximized() });
  });
  if (options.page.devOrigin) void win.loadURL(options.page.devOrigin);
  else void win.loadFile(options.rendererFile);
  return win;
}
