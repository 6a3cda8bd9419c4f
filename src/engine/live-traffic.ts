// The Live traffic use-case: the app's own recording proxy (src/engine/listen-proxy.ts) in front of a
// connector, one per engine, with secrets taken from a connection or local connector, never typed in.

import type { ConnectorHost } from '../connector/host/index.ts';
import type { Platform } from '../platform/index.ts';
import type { History } from '../store/history.ts';
import { fingerprint } from '../protocol/index.ts';
import { EngineError, validationError } from './errors.ts';
import { inputOf, objectInput, onlyKeys, optionalInteger } from './input.ts';
import { startListenProxy } from './listen-proxy.ts';
import type { ListenEvent, ListenProxy } from './listen-proxy.ts';

export interface LiveTrafficStart {
  forwardTo: string;
  port?: number;
  secretsFrom: { connectionId: string } | { localConnectorId: string };
}

export interface LiveTrafficStatus {
  running: boolean;
  url: string | null;
  forwardTo: string | null;
  secretFingerprints: string[];
  startedAt: number | null;
  requests: number;
}

export interface LiveTrafficEvent extends ListenEvent {
  /** Why the verdict, in one line (the diagnosis summary, or the proxy's own error). */
  cause: string;
}

interface EngineParts {
  history: History;
  platform: Platform;
  host: ConnectorHost;
}

export class LiveTraffic {
  private proxy: ListenProxy | null = null;
  private starting: Promise<unknown> | null = null;
  private forwardTo: string | null = null;
  private fingerprints: string[] = [];
  private startedAt: number | null = null;
  private requests = 0;
  private readonly listeners = new Set<(e: LiveTrafficEvent) => void>();

  private readonly engine: EngineParts;
  private readonly now: () => number;

  constructor(engine: EngineParts, now: () => number = Date.now) {
    this.engine = engine;
    this.now = now;
  }

  /** Called with every request the proxy answered, after its answer left. */
  onRequest(listener: (e: LiveTrafficEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(): LiveTrafficStatus {
    return {
      running: this.proxy !== null,
      url: this.proxy?.url ?? null,
      forwardTo: this.forwardTo,
      secretFingerprints: [...this.fingerprints],
      startedAt: this.startedAt,
      requests: this.requests,
    };
  }

  async start(input: LiveTrafficStart): Promise<LiveTrafficStatus> {
    if (this.proxy || this.starting)
      throw new EngineError('already_running', 'the recording proxy is already running: stop it first');
    const forwardTo = parseTarget(input.forwardTo);
    const secrets = this.secretsOf(input.secretsFrom);
    const port = input.port ?? 0;
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw validationError('port must be a whole number from 0 to 65535', 'port');
    const starting = startListenProxy({
      forwardTo,
      secrets,
      port,
      host: '127.0.0.1',
      record: (exchange) => this.engine.history.record(exchange),
      onExchange: (e) => this.emit(e),
    });
    this.starting = starting;
    try {
      this.proxy = await starting;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new EngineError(
        code === 'EADDRINUSE' ? 'port_in_use' : 'listen_failed',
        code === 'EADDRINUSE'
          ? `port ${port} is already in use: choose another or 0 for any free port`
          : `the proxy could not listen: ${code ?? (error as Error).message}`,
      );
    } finally {
      this.starting = null;
    }
    this.forwardTo = forwardTo.href;
    this.fingerprints = secrets.map((s) => fingerprint(s));
    this.startedAt = this.now();
    this.requests = 0;
    return this.status();
  }

  async stop(): Promise<LiveTrafficStatus> {
    const proxy = this.proxy;
    this.proxy = null;
    this.forwardTo = null;
    this.fingerprints = [];
    this.startedAt = null;
    await proxy?.close();
    return this.status();
  }

  private emit(e: ListenEvent): void {
    this.requests++;
    const cause =
      e.verdict === 'ok'
        ? e.matchedSecret && e.matchedSecret > 0
          ? `signed with older secret #${e.matchedSecret + 1}`
          : 'signature valid'
        : e.diagnosis.verdict === 'invalid'
          ? e.diagnosis.summary
          : e.verdict;
    for (const listener of this.listeners) listener({ ...e, cause });
  }

  private secretsOf(from: LiveTrafficStart['secretsFrom']): string[] {
    if ('connectionId' in from) {
      try {
        return [this.engine.platform.connections.secretOf(from.connectionId)];
      } catch {
        throw new EngineError('not_found', `no connection ${from.connectionId}`);
      }
    }
    try {
      return [this.engine.host.get(from.localConnectorId).definition.signingSecret];
    } catch {
      throw new EngineError('not_found', `no local connector ${from.localConnectorId}`);
    }
  }
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError(`forwardTo must be a full http(s) URL, got "${raw}"`, 'forwardTo');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw validationError('forwardTo must be an http or https URL', 'forwardTo');
  return url;
}

/** A `listen:start` input: where to forward, which port, and whose secrets judge the signatures. */
export function parseListenStart(raw: unknown): LiveTrafficStart {
  const input = inputOf(raw, 'listen:start', ['forwardTo', 'port', 'secretsFrom']);
  if (typeof input.forwardTo !== 'string' || input.forwardTo.length > 2048)
    throw validationError('forwardTo must be the connector URL (at most 2048 characters)', 'forwardTo');
  const from = objectInput(input.secretsFrom, 'secretsFrom');
  onlyKeys(from, ['connectionId', 'localConnectorId'], 'secretsFrom');
  const { connectionId, localConnectorId } = from;
  let secretsFrom: LiveTrafficStart['secretsFrom'];
  if (typeof connectionId === 'string' && connectionId && localConnectorId === undefined)
    secretsFrom = { connectionId };
  else if (typeof localConnectorId === 'string' && localConnectorId && connectionId === undefined)
    secretsFrom = { localConnectorId };
  else
    throw validationError(
      'secretsFrom must name exactly one of connectionId or localConnectorId',
      'secretsFrom',
    );
  return { forwardTo: input.forwardTo, port: optionalInteger(input, 'port', 0, 65535), secretsFrom };
}

const perEngine = new WeakMap<object, LiveTraffic>();

/** The one Live traffic of an engine (created on first use, so engines that never proxy pay nothing). */
export function liveTrafficOf(engine: EngineParts): LiveTraffic {
  let live = perEngine.get(engine);
  if (!live) perEngine.set(engine, (live = new LiveTraffic(engine)));
  return live;
}
