// The Electron window's locks: which URL counts as the app's own page, the CSP on every answer,
// no permissions, no navigation away, no new windows, no <webview>.

import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../bridge/csp.ts';

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
