// A hand-written stand-in for the `electron` module (the binary cannot run on every machine):
// just enough of app, BrowserWindow, ipcMain/ipcRenderer, contextBridge, safeStorage, session
// and screen to drive src/main and src/preload, recording what they asked for.

import { EventEmitter } from 'node:events';

export const fakeState = {
  userData: '/tmp/ctb-fake-user-data',
  /** URL of the frame that sends IPC calls through the fake ipcRenderer. */
  senderUrl: 'file:///app/out/renderer/index.html',
  encryptionAvailable: false,
  backend: 'gnome_libsecret' as string,
  singleInstance: true,
};

export class FakeWebContents extends EventEmitter {
  readonly sent: Array<{ channel: string; message: unknown }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  destroyed = false;
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  /** Emits an event the way Electron does and says whether a listener called preventDefault(). */
  simulate(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly options: Record<string, unknown>;
  readonly webContents = new FakeWebContents();
  loadedFile: string | null = null;
  loadedUrl: string | null = null;
  maximized = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    FakeBrowserWindow.instances.push(this);
  }
  loadFile(file: string): Promise<void> {
    this.loadedFile = file;
    return Promise.resolve();
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return false;
  }
  isDestroyed(): boolean {
    return false;
  }
  show(): void {}
  focus(): void {}
  restore(): void {}
  getNormalBounds() {
    return {
      x: 10,
      y: 20,
      width: (this.options.width as number) ?? 800,
      height: (this.options.height as number) ?? 600,
    };
  }
}

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler): void {
    // Electron refuses a second handler for one channel; so does the fake.
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  },
};

const rendererEvents = new EventEmitter();

export const ipcRenderer = {
  invoked: [] as string[],
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push(channel);
    const handler = ipcMain.handlers.get(channel);
    if (!handler)
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      );
    // Structured clone both ways, as the real IPC does.
    const event = { senderFrame: { url: fakeState.senderUrl } };
    return structuredClone(await handler(event, ...args.map((a) => structuredClone(a))));
  },
  on(channel: string, listener: (event: unknown, message: unknown) => void): void {
    rendererEvents.on(channel, listener);
  },
};

/** What main's webContents.send would deliver to the preload of that window. */
export function deliverToRenderer(channel: string, message: unknown): void {
  rendererEvents.emit(channel, {}, structuredClone(message));
}

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    this.exposed.set(key, api);
  },
};

export const safeStorage = {
  isEncryptionAvailable: () => fakeState.encryptionAvailable,
  getSelectedStorageBackend: () => fakeState.backend,
  // Reversible but not plain: enough to see the key file is not the key in clear.
  encryptString: (text: string) => Buffer.from(Buffer.from(text, 'utf8').map((b) => b ^ 0x5a)),
  decryptString: (data: Buffer) => Buffer.from(data.map((b) => b ^ 0x5a)).toString('utf8'),
};

type HeadersHook = (
  details: { responseHeaders?: Record<string, string[]> },
  cb: (r: { responseHeaders?: Record<string, string[]> }) => void,
) => void;
type PermissionRequest = (contents: unknown, permission: string, cb: (granted: boolean) => void) => void;
type PermissionCheck = (...args: unknown[]) => boolean;

interface FakeSession {
  headersHook: HeadersHook | null;
  permissionRequest: PermissionRequest | null;
  permissionCheck: PermissionCheck | null;
  webRequest: { onHeadersReceived(hook: HeadersHook): void };
  setPermissionRequestHandler(handler: PermissionRequest): void;
  setPermissionCheckHandler(handler: PermissionCheck): void;
}

export const fakeSession: FakeSession = {
  headersHook: null,
  permissionRequest: null,
  permissionCheck: null,
  webRequest: {
    onHeadersReceived(hook) {
      fakeSession.headersHook = hook;
    },
  },
  setPermissionRequestHandler(handler) {
    fakeSession.permissionRequest = handler;
  },
  setPermissionCheckHandler(handler) {
    fakeSession.permissionCheck = handler;
  },
};

export const session = { defaultSession: fakeSession };

export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };

class FakeApp extends EventEmitter {
  isPackaged = true;
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  getPath(_name: string): string {
    return fakeState.userData;
  }
  getVersion(): string {
    return '0.1.0-test';
  }
  requestSingleInstanceLock(): boolean {
    return fakeState.singleInstance;
  }
  quit(): void {}
}

export const app = new FakeApp();

/** Forgets everything recorded, between tests. */
export function resetFakeElectron(): void {
  ipcMain.handlers.clear();
  ipcRenderer.invoked.length = 0;
  rendererEvents.removeAllListeners();
  contextBridge.exposed.clear();
  FakeBrowserWindow.instances.length = 0;
  app.removeAllListeners();
  fakeSession.headersHook = null;
  fakeSession.permissionRequest = null;
  fakeSession.permissionCheck = null;
}

export const fakeElectron = {
  app,
  BrowserWindow: FakeBrowserWindow,
  ipcMain,
  ipcRenderer,
  contextBridge,
  safeStorage,
  session,
  screen,
};
export default fakeElectron;
