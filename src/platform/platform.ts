// createPlatform: the mock platform of one data folder — store migrations, seed, registry, manager,
// health tests, sync, business tools, events, documents — behind the Platform interface the API calls.

import type { Db } from '../store/database.ts';
import { migrate } from '../store/database.ts';
import type { History } from '../store/history.ts';
import type { HeaderBag } from '../protocol/index.ts';
import { platformMigrations } from './store/migrations.ts';
import { loadOrganization, seedIfEmpty, setPlan, userService, workspaceService } from './org.ts';
import type { SeedInfo } from './org.ts';
import type { KeyProvider } from './secrets.ts';
import { ConnectorManager } from './manager.ts';
import type { ConnectionTarget } from './manager.ts';
import { defaultResolver } from './ssrf.ts';
import type { Resolver, SsrfMode } from './ssrf.ts';
import { connectionRegistry } from './connections.ts';
import { DEFAULT_HEALTHY_LATENCY_MS, testConnection } from './health.ts';
import { flowsOf, syncTools } from './sync.ts';
import type { SyncOptions } from './sync.ts';
import { businessToolService } from './business-tools.ts';
import type { BusinessToolTestOptions } from './business-tools.ts';
import { eventService } from './events.ts';
import { documentService } from './documents.ts';
import { parseJsonColumn } from './context.ts';
import type { PlatformContext } from './context.ts';
import { rotationService } from './rotation.ts';
import type { RotationService } from './rotation.ts';
import type { OrgMetadata } from '../protocol/index.ts';
import type {
  BusinessTool,
  BusinessToolTestResult,
  ConnectionView,
  DocumentInput,
  DocumentView,
  FlowsView,
  OrgEventView,
  Organization,
  Plan,
  SyncReport,
  TestReport,
  User,
  Workspace,
} from './types.ts';

export interface PlatformOptions {
  db: Db;
  history: History;
  keyProvider: KeyProvider;
  dataDir: string | null;
  /** Default 'dev' (the testbench default of decisions.md 3). */
  ssrfMode?: SsrfMode;
  /** Plan of a newly seeded organization; default 'premium'. */
  plan?: Plan;
  seedPassword?: string;
  now?: () => Date;
  resolver?: Resolver;
  /** Waits between retries (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
  healthyLatencyMs?: number;
}

export interface Platform {
  seedInfo: SeedInfo;
  ssrfMode: SsrfMode;
  organization(): Organization;
  setPlan(plan: Plan): Organization;
  users: {
    authenticate(email: string, password: string): User | null;
    login(email: string, password: string): Promise<User | null>;
    get(id: string): User | null;
    list(): User[];
  };
  workspaces: { list(): Workspace[]; get(id: string): Workspace | null };
  connections: {
    list(): ConnectionView[];
    get(id: string): ConnectionView;
    create(input: unknown): Promise<ConnectionView & { signing_secret: string }>;
    update(id: string, input: unknown): Promise<ConnectionView & { signing_secret?: string }>;
    remove(id: string): void;
    secretOf(id: string): string;
    /** What the manager needs to call this connection (decrypted secret included: never serialise it). */
    target(id: string, workspaceId?: string | null): ConnectionTarget;
    test(id: string): Promise<TestReport>;
    /** Secret rotation with a grace period (rotation.ts). */
    rotation: Pick<RotationService, 'start' | 'status' | 'finish'>;
    syncTools(id: string, options?: SyncOptions): Promise<SyncReport>;
    flows(id: string): FlowsView;
    events(id: string): OrgEventView[];
  };
  businessTools: {
    list(filter?: { workspaceId?: string; connectionId?: string }): BusinessTool[];
    get(id: string): BusinessTool;
    test(id: string, args: unknown, options?: BusinessToolTestOptions): Promise<BusinessToolTestResult>;
  };
  events: { receive(rawBody: Buffer, headers: HeaderBag): OrgEventView };
  documents: {
    record(input: DocumentInput): DocumentView;
    get(id: string): DocumentView;
    list(filter?: { workspaceId?: string }): DocumentView[];
  };
  manager: ConnectorManager;
  /** Commits pending History records and stops background work; call before closing the database. */
  close(): Promise<void>;
}

export function createPlatform(options: PlatformOptions): Platform {
  const { db } = options;
  migrate(db, 'platform', platformMigrations);
  const now = options.now ?? (() => new Date());
  const seedInfo = seedIfEmpty(db, { plan: options.plan, seedPassword: options.seedPassword, now });
  const org = loadOrganization(db);
  const resolver = options.resolver ?? defaultResolver;
  const manager = new ConnectorManager({
    history: options.history,
    db,
    sleep: options.sleep,
    resolver,
    clock: options.now ? () => Math.floor(now().getTime() / 1000) : undefined,
  });
  const ctx: PlatformContext = {
    db,
    history: options.history,
    keys: options.keyProvider,
    dataDir: options.dataDir,
    ssrfMode: options.ssrfMode ?? 'dev',
    now,
    resolver,
    orgId: org.id,
    manager,
    healthyLatencyMs: options.healthyLatencyMs ?? DEFAULT_HEALTHY_LATENCY_MS,
  };
  const registry = connectionRegistry(ctx);
  const events = eventService(ctx);

  return {
    seedInfo,
    ssrfMode: ctx.ssrfMode,
    organization: () => loadOrganization(db),
    setPlan: (plan) => setPlan(db, org.id, plan),
    users: userService(db, org.id),
    workspaces: workspaceService(db, org.id),
    connections: {
      list: registry.list,
      get: registry.get,
      create: registry.create,
      update: registry.update,
      remove: registry.remove,
      secretOf: registry.secretOf,
      target: registry.target,
      test: (id) => testConnection(ctx, registry, id),
      rotation: rotationService(ctx, registry),
      syncTools: (id, syncOptions) => syncTools(ctx, registry, id, syncOptions),
      flows: (id) => flowsOf(parseJsonColumn<OrgMetadata>(registry.row(id).metadata)),
      events: (id) => {
        registry.row(id);
        return events.list(id);
      },
    },
    businessTools: businessToolService(ctx, registry),
    events: { receive: events.receive },
    documents: documentService(ctx),
    manager,
    close: () => manager.close(),
  };
}
