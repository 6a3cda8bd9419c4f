// What both shells (Electron and `ctb serve`) run behind the contract: the engine of a data folder,
// the local connector host beside it, the mock platform REST API, the event hub and the handlers.

import { createEngine } from '../engine/index.ts';
import type { Engine } from '../engine/index.ts';
import type { ConnectorHost, HostRequestEvent } from '../connector/host/index.ts';
import type { KeyProvider, Plan, SsrfMode } from '../platform/index.ts';
import type { Handlers } from '../shared/index.ts';
import { createDispatch } from './dispatch.ts';
import type { Dispatch } from './dispatch.ts';
import { EventHub } from './event-hub.ts';
import { createHandlers } from './handlers.ts';
import { hostRequestDto } from './host-dto.ts';

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
}

export interface Backend {
  engine: Engine;
  host: ConnectorHost;
  hub: EventHub;
  handlers: Handlers;
  dispatch: Dispatch;
  platformUrl: string | null;
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
  announceHistory(engine, hub);
  let platformUrl: string | null = null;
  const host = engine.host;
  host.on('request', (event: HostRequestEvent) => hub.emit('host:request', hostRequestDto(event)));
  try {
    if (options.platformServer !== false)
      platformUrl = (await engine.startPlatformServer({ host: '127.0.0.1', port: 0 })).url;
  } catch (error) {
    await engine.close();
    throw error;
  }
  // The user's History limits (History screen) are enforced on a timer for as long as the backend
  // runs; started once nothing else can fail, so a failed open leaves no timer behind.
  engine.retention.onPruned = (report) =>
    hub.emit('history:pruned', { deleted: report.deleted, total: engine.history.count() });
  engine.retention.start();
  const handlers = createHandlers({
    engine,
    host,
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
    close() {
      // The engine stops its runs and the pruner first, then its servers and the database.
      closing ??= engine.close();
      return closing;
    },
  };
}

/** Every History append (platform calls, console sends, host requests) becomes 'history:appended'. */
function announceHistory(engine: Engine, hub: EventHub): void {
  engine.history.onAppended((id) => hub.emit('history:appended', { id }));
}
