// The Electron window's locks: which URL counts as the app's own page, the CSP on every answer,
// no permissions, no navigation away, no new windows, no <webview>.

import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../bridge/csp.ts';

/**
 * Whether this main bundle was built by `electron-vite dev`: Vite bakes import.meta.env.DEV into
 * the bundle, so an `electron-vite build` output (what `ctb` and packaged apps run) is false for
 * good, whatever the environment says. Plain Node (tests, tsx) has no import.meta.env: false.
 */
export const BUILT_FOR_DEV = (import.meta as { env?: { DEV?: boolean } }).env?.DEV === true;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The dev server origin the window may load instead of its own file, or null. The page gets full
 * IPC, so an inherited ELECTRON_RENDERER_URL must not point it anywhere: it is honoured only in an
 * unpackaged dev build started by electron-vite dev (which sets NODE_ENV_ELECTRON_VITE), and only
 * for a plain http URL on a loopback host.
 */
export function devRendererOrigin(
  env: NodeJS.ProcessEnv,
  isPackaged: boolean,
  builtForDev: boolean = BUILT_FOR_DEV,
): string | null {
  const raw = env.ELECTRON_RENDERER_URL;
  if (!raw || isPackaged || !builtForDev || env.NODE_ENV_ELECTRON_VITE !== 'development') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.username || url.password) return null;
  return url.origin;
}

export interface TrustedPage {
  /** file:// URL of out/renderer/index.html. */
  fileUrl: string;
  /** electron-vite's dev server origin, only when running unpackaged under `npm run dev`. */
  devOrigin: string | null;
}

/** Compares without query and fragment: the page may route with either. */
export function isTrustedPageUrl(url: string | null | undefined, page: TrustedPage): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'file:') {
    const own = new URL(page.fileUrl);
    return (
      parsed.host === own.host && decodeURIComponent(parsed.pathname) === decodeURIComponent(own.pathname)
    );
  }
  return page.devOrigin !== null && parsed.origin === page.devOrigin;
}

export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
  // The UI needs no camera, notifications, clipboard-read or anything else a page may ask for.
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export function hardenContents(contents: WebContents, page: TrustedPage): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedPageUrl(url, page)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedPageUrl(url, page)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
