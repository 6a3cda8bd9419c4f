// How the renderer gets its ApiClient: `window.ctb` when the Electron preload exposed it, else the
// HTTP client of browser mode, which authenticates by the session cookie the server set.

import type { ApiClient } from '../../../shared/index.ts';
import { createHttpClient } from './http-client.ts';

// Structural types: this file must type-check without the DOM library too (the Node tsconfig).
interface PageGlobals {
  ctb?: ApiClient;
}

/**
 * Called once by api/client.ts, which keeps the answer. The page holds no token: the server traded
 * the printed `?token=` URL for an HttpOnly cookie before the page loaded, out of the page's reach.
 */
export function getApiClient(): ApiClient {
  const page = globalThis as PageGlobals;
  if (page.ctb && typeof page.ctb.call === 'function') return page.ctb;
  return createHttpClient({ token: '' });
}
