// The engine: one object wiring store, history, the mock platform, the local connector host and the
// use-cases over them for one data folder; the only thing the desktop shell, browser mode and CLI construct.

import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
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
import { Demo } from './demo/demo.ts';
import { RetentionPruner } from './history/retention.ts';
import { LocalConnectors } from './local-connectors.ts';
import { Runs } from './runs/runs.ts';

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
  /**
   * Where local connectors keep their own files (catalog databases) when it is not the data folder:
   * a throw-away ':memory:' engine serving a definition file still keeps them where the user said.
   */
  connectorDataDir?: string;
}

/** A check every request to a platform server passes before routing (browser mode's token, Host, Origin). */
export interface PlatformGuard {
  /** Null admits the request; else the HTTP status and JSON body to answer. */
  check(req: IncomingMessage): { status: number; body: unknown } | null;
  /** Headers the engine's own callers (organization events of local connectors) send to pass it. */
  headers: Record<string, string>;
}

export interface PlatformServerOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1: nothing outside this machine reaches the mock platform unless asked. */
  host?: string;
  guard?: PlatformGuard;
}

export interface PlatformServer {
  /** Base URL, e.g. http://127.0.0.1:4010 */
  url: string;
  port: number;
  host: string;
  api: PlatformApi;
  /** What the engine's own callers add to each request (see PlatformGuard.headers). */
  headers: Record<string, string>;
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
  /** The History limits and the pruner that enforces them (started by the shells that keep running). */
  readonly retention: RetentionPruner;
  /** Local connectors management: definitions, start, stop. */
  readonly localConnectors: LocalConnectors;
  /** The guided demo, with what it owns kept in its own table. */
  readonly demo: Demo;
  /** Conformance and load runs; stopped when the engine closes. */
  readonly runs: Runs;
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
  const firstServer = (): PlatformServer | null => servers.values().next().value ?? null;
  const host: ConnectorHost = new ConnectorHost({
    db,
    history,
    dataDir: options.connectorDataDir ?? dataDir ?? undefined,
    seedDemo: options.seedDemoConnector,
    platformEvents: (connectorId) => eventsTarget(platform, host, firstServer(), connectorId),
  });
  let demo: Demo;
  try {
    demo = new Demo({ db, platform, host, history });
  } catch (error) {
    await platform.close();
    db.close();
    throw error;
  }
  const retention = new RetentionPruner(history);
  const runs = new Runs({ history });
  const tokenClock = options.now ? () => Math.floor(options.now!().getTime() / 1000) : undefined;

  return {
    dataDir,
    db,
    history,
    platform,
    host,
    get platformUrl() {
      return firstServer()?.url ?? null;
    },
    seedInfo: platform.seedInfo,
    retention,
    localConnectors: new LocalConnectors(host, platform.connections),
    demo,
    runs,

    async startPlatformServer({ port = 0, host = '127.0.0.1', guard } = {}) {
      if (closed) throw new Error('the engine is closed');
      const api = buildPlatformApi(platform, {
        jwtSecret,
        documentsDir,
        dataDir,
        maxUploadBytes: options.maxUploadBytes,
        now: tokenClock,
        launchTokenHeader: guard ? Object.keys(guard.headers)[0] : undefined,
      });
      if (guard)
        api.addHook('onRequest', async (request, reply) => {
          const refusal = guard.check(request.raw);
          if (refusal) return reply.code(refusal.status).send(refusal.body);
        });
      await api.listen({ port, host });
      const address = api.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const server: PlatformServer = {
        url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
        port: actualPort,
        host,
        api,
        headers: { ...guard?.headers },
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
      runs.shutdown();
      retention.stop();
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
  server: PlatformServer | null,
  connectorId: string,
): PlatformEventsTarget | null {
  if (!server) return null;
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
  return {
    url: server.url,
    connectionId: connection.id,
    secret: secretOf(connection.id),
    headers: server.headers,
  };
}
