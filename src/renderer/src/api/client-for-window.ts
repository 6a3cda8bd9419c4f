// How the renderer gets its ApiClient: `window.ctb` when the Electron preload exposed it, else the
// HTTP client of browser mode with the per-launch token taken from the URL (then kept in sessionStorage).

import type { ApiClient } from '../../../shared/index.ts';
import { createHttpClient } from './http-client.ts';

const STORAGE_KEY = 'ctb.token';

// Structural types: this file must type-check without the DOM library too (the Node tsconfig).
interface PageGlobals {
  ctb?: ApiClient;
  location?: { href: string };
  history?: { replaceState(data: unknown, unused: string, url?: string): void; state: unknown };
  sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** Called once by api/client.ts, which keeps the answer. */
export function getApiClient(): ApiClient {
  const page = globalThis as PageGlobals;
  if (page.ctb && typeof page.ctb.call === 'function') return page.ctb;
  return createHttpClient({ token: takeToken(page) ?? '' });
}

/**
 * Moves the token from the address bar into sessionStorage, so it survives reloads of this tab but
 * does not linger in the visible URL, the history list or a copied link.
 */
function takeToken(page: PageGlobals): string | null {
  if (!page.location) return null;
  const url = new URL(page.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    page.sessionStorage?.setItem(STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    page.history?.replaceState(page.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return page.sessionStorage?.getItem(STORAGE_KEY) ?? null;
}
