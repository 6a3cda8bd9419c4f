// What both shells (Electron and `ctb serve`) run behind the contract: the engine of a data folder,
// the local connector host beside it, the mock platform REST API, the event hub and the handlers.

import { createEngine } from '../engine/index.ts';
import type { Engine } from '../engine/index.ts';
import { EventHub, announceEngineEvents } from '../engine/event-hub.ts';
import type { ConnectorHost } from '../connector/host/index.ts';
import type { KeyProvider, Plan, SsrfMode } from '../platform/index.ts';
import type { Handlers } from '../shared/index.ts';
import { createDispatch } from './dispatch.ts';
import type { Dispatch } from './dispatch.ts';
import { TOKEN_HEADER, guardFor, newToken, refusalOf } from './http-guard.ts';
import { createHandlers } from './handlers.ts';

export interface BackendOptions {
  dataDir: string;
  keyProvider?: KeyProvider;
  mode: 'desktop' | 'browser';
  version: string;
  ssrfMode?: SsrfMode;
  plan?: Plan;
  seedPassword?: string;
  /** Also serve the mock platform REST API on 127.0.0.1 (organization events need it). Default true. */
  platformServer?: boolean;
  /** Where unexpected handler errors are written (default: stderr). */
  log?: (error: unknown) => void;
  /** The per-launch token every port the app opens asks for (default: a fresh one). */
  token?: string;
}

export interface Backend {
  engine: Engine;
  host: ConnectorHost;
  hub: EventHub;
  handlers: Handlers;
  dispatch: Dispatch;
  platformUrl: string | null;
  /** The launch token: browser mode's server asks for it, and so does the mock platform API. */
  token: string;
  close(): Promise<void>;
}

export async function openBackend(options: BackendOptions): Promise<Backend> {
  const engine = await createEngine({
    dataDir: options.dataDir,
    keyProvider: options.keyProvider,
    ssrfMode: options.ssrfMode,
    plan: options.plan,
    seedPassword: options.seedPassword,
  });
  const hub = new EventHub();
  announceEngineEvents(engine, hub);
  let platformUrl: string | null = null;
  const host = engine.host;
  const token = options.token ?? newToken();
  try {
    if (options.platformServer !== false) {
      // The same doors as browser mode's own port: token, one loopback Host, a same-origin Origin.
      const config = guardFor('127.0.0.1', token);
      const server = await engine.startPlatformServer({
        host: '127.0.0.1',
        port: 0,
        guard: {
          check: (req) => platformRefusal(refusalOf(req, config)),
          headers: { [TOKEN_HEADER]: token },
        },
      });
      config.port = server.port;
      platformUrl = server.url;
    }
  } catch (error) {
    await engine.close();
    throw error;
  }
  // The user's History limits (History screen) are enforced on a timer for as long as the backend
  // runs; started once nothing else can fail, so a failed open leaves no timer behind.
  engine.retention.start();
  const handlers = createHandlers({
    engine,
    hub,
    info: { version: options.version, mode: options.mode, platformUrl: () => platformUrl },
  });
  let closing: Promise<void> | null = null;
  return {
    engine,
    host,
    hub,
    handlers,
    dispatch: createDispatch(handlers, options.log),
    get platformUrl() {
      return platformUrl;
    },
    token,
    close() {
      // The engine stops its runs and the pruner first, then its servers and the database.
      closing ??= engine.close();
      return closing;
    },
  };
}

/** The guard's refusal in the platform's own error shape (decisions.md 3), as /openapi.json documents it. */
function platformRefusal(
  refusal: ReturnType<typeof refusalOf>,
): { status: number; body: { error: string; message: string } } | null {
  return (
    refusal && {
      status: refusal.status,
      body: { error: refusal.error.code, message: refusal.error.message },
    }
  );
}
