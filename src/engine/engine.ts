// The engine: one object wiring store, history, the mock platform and the local connector host for
// one data folder; the only thing the desktop shell, browser mode and CLI construct.

import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { History } from '../store/history.ts';
import { fingerprint } from '../protocol/index.ts';
import { createPlatform, FileKeyProvider, StaticKeyProvider } from '../platform/index.ts';
import type { KeyProvider, Plan, Platform, Resolver, SeedInfo, SsrfMode } from '../platform/index.ts';
import { buildPlatformApi } from '../platform/api/index.ts';
import { ConnectorHost } from '../connector/host/index.ts';
import type { PlatformEventsTarget } from '../connector/host/index.ts';
import type { PlatformApi } from '../platform/api/index.ts';
import { DATABASE_FILE, DOCUMENTS_DIR } from './data-dir.ts';

export interface EngineOptions {
  /** A folder (created if missing) or ':memory:' for a throw-away engine. */
  dataDir: string;
  /** Default: FileKeyProvider(dataDir) (`secret.key`, 0600); a random key for ':memory:'. */
  keyProvider?: KeyProvider;
  /** Default 'dev'. */
  ssrfMode?: SsrfMode;
  /** Plan of a newly seeded organization; default 'premium'. */
  plan?: Plan;
  seedPassword?: string;
  now?: () => Date;
  /** DNS for the SSRF policy (tests resolve names without a network). */
  resolver?: Resolver;
  /** Waits between connector retries (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
  maxUploadBytes?: number;
  /** Create the built-in Demo catalog local connector when the store has none (default true). */
  seedDemoConnector?: boolean;
}

export interface PlatformServerOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1: nothing outside this machine reaches the mock platform unless asked. */
  host?: string;
}

export interface PlatformServer {
  /** Base URL, e.g. http://127.0.0.1:4010 */
  url: string;
  port: number;
  host: string;
  api: PlatformApi;
  close(): Promise<void>;
}

export interface Engine {
  /** Absolute folder, or null for ':memory:'. */
  readonly dataDir: string | null;
  readonly db: Db;
  readonly history: History;
  readonly platform: Platform;
  /** The local connector host: connectors defined in the testbench, on the same database and history. */
  readonly host: ConnectorHost;
  /** Base URL of the first running platform REST API, where local connectors send organization events. */
  readonly platformUrl: string | null;
  /** Whether this open created the seed, and the generated password when one was generated. */
  readonly seedInfo: SeedInfo;
  /** The mock platform REST API over this engine's platform (several may run at once). */
  startPlatformServer(options?: PlatformServerOptions): Promise<PlatformServer>;
  /** Stops every server and local connector this engine started, then closes the database. Idempotent. */
  close(): Promise<void>;
}

const JWT_KEY_INFO = 'connector-testbench/platform-api/jwt/v1';

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const inMemory = options.dataDir === ':memory:';
  const dataDir = inMemory ? null : resolve(options.dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keyProvider =
    options.keyProvider ?? (dataDir ? new FileKeyProvider(dataDir) : new StaticKeyProvider(randomBytes(32)));
  // Derived from the data folder's key: tokens survive restarts, and a copied folder without its key loses them.
  const jwtSecret = new Uint8Array(
    hkdfSync('sha256', keyProvider.getKey(), Buffer.alloc(0), JWT_KEY_INFO, 32),
  );
  const documentsDir = dataDir ? join(dataDir, DOCUMENTS_DIR) : mkdtempSync(join(tmpdir(), 'ctb-documents-'));

  const db = openDatabase(dataDir ? join(dataDir, DATABASE_FILE) : ':memory:');
  let platform: Platform;
  let history: History;
  try {
    history = new History(db);
    platform = createPlatform({
      db,
      history,
      keyProvider,
      dataDir,
      ssrfMode: options.ssrfMode,
      plan: options.plan,
      seedPassword: options.seedPassword,
      now: options.now,
      resolver: options.resolver,
      sleep: options.sleep,
    });
  } catch (error) {
    db.close();
    throw error;
  }

  const servers = new Set<PlatformServer>();
  let closed = false;
  const platformUrl = (): string | null => servers.values().next().value?.url ?? null;
  const host: ConnectorHost = new ConnectorHost({
    db,
    history,
    dataDir: dataDir ?? undefined,
    seedDemo: options.seedDemoConnector,
    platformEvents: (connectorId) => eventsTarget(platform, host, platformUrl(), connectorId),
  });
  const tokenClock = options.now ? () => Math.floor(options.now!().getTime() / 1000) : undefined;

  return {
    dataDir,
    db,
    history,
    platform,
    host,
    get platformUrl() {
      return platformUrl();
    },
    seedInfo: platform.seedInfo,

    async startPlatformServer({ port = 0, host = '127.0.0.1' } = {}) {
      if (closed) throw new Error('the engine is closed');
      const api = buildPlatformApi(platform, {
        jwtSecret,
        documentsDir,
        dataDir,
        maxUploadBytes: options.maxUploadBytes,
        now: tokenClock,
      });
      await api.listen({ port, host });
      const address = api.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const server: PlatformServer = {
        url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
        port: actualPort,
        host,
        api,
        async close() {
          servers.delete(server);
          await api.close();
        },
      };
      servers.add(server);
      return server;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...servers].map((s) => s.close()));
      await host.stopAll();
      // Drains the history writer thread: records queued by the last calls are committed first.
      await platform.close();
      db.close();
      if (!dataDir) rmSync(documentsDir, { recursive: true, force: true });
    },
  };
}

/**
 * Organization events of a local connector go to the platform as the SDK connection that points at
 * that connector (its webhook_url is the emitting connector's URL). When several do, the one holding
 * the connector's own secret wins: that is the connection the connector is configured for.
 */
function eventsTarget(
  platform: Platform,
  host: ConnectorHost,
  url: string | null,
  connectorId: string,
): PlatformEventsTarget | null {
  if (!url) return null;
  let status: ReturnType<ConnectorHost['status']>;
  try {
    status = host.status(connectorId);
  } catch {
    return null;
  }
  if (!status.url) return null;
  const candidates = platform.connections.list().filter((c) => c.webhook_url === status.url && c.has_secret);
  if (candidates.length === 0) return null;
  // Compared by fingerprint: the secrets themselves are never compared or kept around here.
  const own = fingerprint(host.get(connectorId).definition.signingSecret);
  const secretOf = (id: string) => platform.connections.secretOf(id);
  const connection = candidates.find((c) => fingerprint(secretOf(c.id)) === own) ?? candidates[0];
  return { url, connectionId: connection.id, secret: secretOf(connection.id) };
}
