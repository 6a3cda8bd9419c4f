// The local connector host: stores connector definitions, runs several at once (one HTTP server
// each), reloads them in place, and streams every request they receive, verified and explained.

import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { nowSeconds } from '../../protocol/index.ts';
import type { Db } from '../../store/database.ts';
import type { History } from '../../store/history.ts';
import { DEMO_CATALOG_NAME, demoCatalogDefinition, openDemoDelegate } from './builtin-demo.ts';
import type { DemoDelegate } from './builtin-demo.ts';
import type { ConnectorDefinition, DefinitionInput, StoredDefinition } from './definition.ts';
import { HostError } from './errors.ts';
import { streamEvents } from './event-stream.ts';
import type { StreamOptions } from './event-stream.ts';
import { exportDefinition, readDefinitionFile, writeDefinitionFile } from './io.ts';
import type { ExportOptions } from './io.ts';
import { mirrorConnector } from './mirror.ts';
import type { MirrorInput } from './mirror.ts';
import { emitOrgEvent, resolveTarget } from './org-events.ts';
import type { OrgEventResult, PlatformEventsOption } from './org-events.ts';
import { RunSampler } from '../../store/run-sample.ts';
import { logExchange } from './request-log.ts';
import type { HostRequestEvent } from './request-log.ts';
import { buildRuntime } from './runtime.ts';
import type { Runtime } from './runtime.ts';
import { ConnectorServer } from './server.ts';
import type { ServedExchange } from './server.ts';
import { DefinitionStore } from './store.ts';
import { validateDefinition } from './validate.ts';

export interface ConnectorHostOptions {
  db: Db;
  history: History;
  /** Where organization events (quotation.created) go; a function is asked per event. */
  platformEvents?: PlatformEventsOption;
  /** Folder for built-in connectors' own databases; in memory when absent. */
  dataDir?: string;
  /** Clock in unix seconds for verification and diagnosis (tests). */
  now?: () => number;
  /** Create the built-in "Demo catalog" definition when the store has none (default true). */
  seedDemo?: boolean;
}

export interface ConnectorStatus {
  id: string;
  name: string;
  state: 'running' | 'stopped';
  url: string | null;
  host: string | null;
  port: number | null;
  /** Epoch milliseconds. */
  startedAt: number | null;
  /** Requests received since the last start. */
  requests: number;
}

export interface DefinitionSummary {
  id: string;
  name: string;
  builtin: string | null;
  tools: number;
  createdAt: number;
  updatedAt: number;
  status: ConnectorStatus;
}

export interface StartResult {
  url: string;
  host: string;
  port: number;
}

interface Running {
  id: string;
  host: string;
  port: number;
  url: string;
  startedAt: number;
  requests: number;
  runtime: Runtime;
  server: ConnectorServer;
  demo: DemoDelegate | null;
}

export class ConnectorHost extends EventEmitter {
  readonly store: DefinitionStore;
  private readonly history: History;
  private readonly platformEvents: PlatformEventsOption;
  private readonly dataDir: string | null;
  private readonly now: () => number;
  private readonly running = new Map<string, Running>();
  /** Starts, stops and reloads of one connector run one after another. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** A load run's requests (its label as trace id) are kept as a sample, not one row each. */
  private readonly runSampler = new RunSampler();

  constructor(options: ConnectorHostOptions) {
    super();
    this.store = new DefinitionStore(options.db);
    this.history = options.history;
    this.platformEvents = options.platformEvents;
    this.dataDir = options.dataDir ?? null;
    this.now = options.now ?? nowSeconds;
    if (options.seedDemo !== false && !this.store.hasBuiltin('demo-catalog')) {
      const name = this.store.findByName(DEMO_CATALOG_NAME)
        ? `${DEMO_CATALOG_NAME} (built-in)`
        : DEMO_CATALOG_NAME;
      this.store.insert(validateDefinition(demoCatalogDefinition(name)));
    }
  }

  // ---- definitions -------------------------------------------------------------------------

  list(): DefinitionSummary[] {
    return this.store.list().map((d) => ({
      id: d.id,
      name: d.name,
      builtin: d.definition.builtin ?? null,
      tools: d.definition.tools.length,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      status: this.status(d.id),
    }));
  }

  get(id: string): StoredDefinition {
    return this.store.get(id);
  }

  create(input: DefinitionInput | unknown): StoredDefinition {
    return this.store.insert(validateDefinition(input));
  }

  /** Saves a new version; a running connector reloads it at once (pass reload:false to wait). */
  async update(
    id: string,
    input: DefinitionInput | unknown,
    options: { reload?: boolean } = {},
  ): Promise<StoredDefinition> {
    const definition = validateDefinition(input);
    const saved = this.store.update(id, definition);
    if (this.running.has(id) && options.reload !== false) await this.reload(id);
    return saved;
  }

  async remove(id: string): Promise<void> {
    const stored = this.store.get(id);
    if (this.running.has(id)) await this.stop(id);
    this.store.remove(id);
    // A built-in's own database belongs to this definition alone: left behind, nothing could reach it.
    const dbFile = stored.definition.builtin === 'demo-catalog' ? this.demoDbFile(id) : ':memory:';
    if (dbFile !== ':memory:')
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
  }

  importFile(file: string, options: { name?: string } = {}): StoredDefinition {
    const input = readDefinitionFile(file) as Record<string, unknown>;
    return this.create(options.name === undefined ? input : { ...input, name: options.name });
  }

  exportDefinition(id: string, options: ExportOptions = {}): Record<string, unknown> {
    return exportDefinition(this.store.get(id).definition, options);
  }

  exportToFile(id: string, file: string, options: ExportOptions = {}): void {
    writeDefinitionFile(file, this.exportDefinition(id, options));
  }

  /** Creates a definition with the tools and metadata of a live connector (see mirror.ts). */
  async mirror(input: MirrorInput): Promise<StoredDefinition> {
    const mirrored = await mirrorConnector(input);
    let name = mirrored.definition.name as string;
    for (let n = 2; this.store.findByName(name); n++) name = `${mirrored.definition.name} (${n})`;
    return this.create({ ...mirrored.definition, name });
  }

  // ---- running connectors -----------------------------------------------------------------

  status(id: string): ConnectorStatus {
    const r = this.running.get(id);
    const name = r ? r.runtime.definition.name : this.store.get(id).name;
    if (!r)
      return { id, name, state: 'stopped', url: null, host: null, port: null, startedAt: null, requests: 0 };
    return {
      id,
      name,
      state: 'running',
      url: r.url,
      host: r.host,
      port: r.port,
      startedAt: r.startedAt,
      requests: r.requests,
    };
  }

  /** Starts the connector (or returns where it already runs). */
  start(id: string): Promise<StartResult> {
    return this.serial(id, () => this.startNow(id));
  }

  stop(id: string): Promise<void> {
    return this.serial(id, async () => {
      const r = this.running.get(id);
      if (!r) throw new HostError('not_running', `connector ${this.describe(id)} is not running`, { id });
      await this.stopNow(r);
    });
  }

  /**
   * Applies the stored definition to a running connector without closing its socket: same port,
   * fresh sequence counters, running scripts ended. A changed host or fixed port restarts it there.
   */
  reload(id: string): Promise<StartResult> {
    return this.serial(id, async () => {
      const r = this.running.get(id);
      if (!r)
        throw new HostError(
          'not_running',
          `connector ${this.describe(id)} is not running; start it instead`,
          { id },
        );
      const definition = this.store.get(id).definition;
      if (definition.host !== r.host || (definition.port !== 0 && definition.port !== r.port)) {
        await this.stopNow(r);
        return this.startNow(id);
      }
      const old = r.runtime;
      r.runtime = buildRuntime(definition, r.demo?.invoke ?? null, this.now);
      r.url = urlOf(r.host, r.port, definition.endpointPath);
      await old.dispose();
      this.emit('status', this.status(id));
      return { url: r.url, host: r.host, port: r.port };
    });
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id).catch(() => undefined)));
  }

  // ---- live log ----------------------------------------------------------------------------

  /** The request log as an async iterator (`for await (const e of host.requests())`). */
  requests(
    options: StreamOptions<HostRequestEvent> & { connectorId?: string } = {},
  ): AsyncIterableIterator<HostRequestEvent> {
    const { connectorId, filter } = options;
    return streamEvents<HostRequestEvent>(this, 'request', {
      ...options,
      filter: (e) => (connectorId === undefined || e.connectorId === connectorId) && (!filter || filter(e)),
    });
  }

  // ---- internals ---------------------------------------------------------------------------

  private async startNow(id: string): Promise<StartResult> {
    const existing = this.running.get(id);
    if (existing) return { url: existing.url, host: existing.host, port: existing.port };
    const definition: ConnectorDefinition = this.store.get(id).definition;
    const demo = definition.builtin === 'demo-catalog' ? this.openDemo(id) : null;
    let runtime: Runtime | null = null;
    try {
      runtime = buildRuntime(definition, demo?.invoke ?? null, this.now);
      const entry: Running = {
        id,
        host: definition.host,
        port: 0,
        url: '',
        startedAt: Date.now(),
        requests: 0,
        runtime,
        server: null as unknown as ConnectorServer,
        demo,
      };
      entry.server = new ConnectorServer(
        () => entry.runtime,
        // The runtime that answered, not the current one: a reload may change the secret meanwhile.
        (e, target) => this.record(entry, target as Runtime, e),
      );
      const remembered = definition.port === 0 ? this.store.rememberedPort(id) : null;
      entry.port = await this.listenOn(entry.server, definition, remembered);
      if (definition.port === 0 && remembered !== entry.port) this.store.rememberPort(id, entry.port);
      entry.url = urlOf(entry.host, entry.port, definition.endpointPath);
      this.running.set(id, entry);
      this.emit('status', this.status(id));
      return { url: entry.url, host: entry.host, port: entry.port };
    } catch (err) {
      await runtime?.dispose();
      demo?.close();
      if (err instanceof HostError && err.code === 'port_in_use') {
        const holder = [...this.running.values()].find((r) => r.port === err.details.port);
        if (holder)
          err.message = `${err.message} (connector "${holder.runtime.definition.name}" of this testbench holds it)`;
      }
      throw err;
    }
  }

  /** Port 0 means "a free port once, then that one": a taken remembered port is a coded error, not a silent move. */
  private async listenOn(
    server: ConnectorServer,
    definition: ConnectorDefinition,
    remembered: number | null,
  ): Promise<number> {
    if (remembered === null) return server.listen(definition.port, definition.host);
    try {
      return await server.listen(remembered, definition.host);
    } catch (err) {
      if (err instanceof HostError && err.code === 'port_in_use')
        throw new HostError(
          'port_in_use',
          `port ${remembered}, which connector "${definition.name}" has used since its first start, is taken by another program; stop that program, or set "port" in the definition to move the connector (connections registered from it follow)`,
          { port: remembered, host: definition.host, remembered: true },
        );
      throw err;
    }
  }

  /** The URL a stopped connector will have on its next start (its fixed or remembered port), if known. */
  expectedUrl(id: string): string | null {
    const running = this.running.get(id);
    if (running) return running.url;
    const definition = this.store.get(id).definition;
    const port = definition.port !== 0 ? definition.port : this.store.rememberedPort(id);
    return port === null ? null : urlOf(definition.host, port, definition.endpointPath);
  }

  private async stopNow(r: Running): Promise<void> {
    this.running.delete(r.id);
    await r.server.close();
    await r.runtime.dispose();
    r.demo?.close();
    this.emit('status', this.status(r.id));
  }

  private openDemo(id: string): DemoDelegate {
    return openDemoDelegate({
      dbFile: this.demoDbFile(id),
      onQuotationCreated: async (quotation) => {
        const target = resolveTarget(this.platformEvents, id);
        // Without a platform there is nobody to tell; the quotation stands either way.
        if (!target) throw new Error('no platform is configured for organization events');
        const result: OrgEventResult = await emitOrgEvent(target, id, 'quotation.created', quotation);
        this.emit('org-event', result);
        if (!result.ok) throw new Error(result.error ?? 'the platform refused the event');
      },
    });
  }

  private demoDbFile(id: string): string {
    return this.dataDir ? join(this.dataDir, `demo-catalog-${id}.sqlite`) : ':memory:';
  }

  private record(entry: Running, runtime: Runtime, e: ServedExchange): void {
    entry.requests++;
    let event: HostRequestEvent;
    try {
      event = logExchange(
        this.history,
        { connectorId: entry.id, definition: runtime.definition, sampler: this.runSampler },
        e,
      );
    } catch (err) {
      // A full disk or a closed database must not take the connector down: say so and go on.
      process.emitWarning(`connector host could not record a request: ${(err as Error).message}`);
      return;
    }
    this.emit('request', event);
  }

  private serial<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return next;
  }

  private describe(id: string): string {
    try {
      return `"${this.store.get(id).name}" (${id})`;
    } catch {
      return id;
    }
  }
}

function urlOf(host: string, port: number, path: string): string {
  const shown =
    host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}${path}`;
}
