// The guided demo's methods: set up its own Demo catalog connector and connection (secret generated
// by the platform, never returned), call its business tools as the assistant would, and reset it.

import { demoCatalogDefinition, validateDefinition } from '../connector/host/index.ts';
import { fingerprint } from '../protocol/index.ts';
import { DEMO_CONNECTION_NAME } from '../shared/index.ts';
import type { DemoInvokeDto, DemoResetDto, DemoStateDto, Handlers } from '../shared/index.ts';
import type { Exchange } from '../store/history.ts';
import { connectionDto } from './dto.ts';
import { DemoOwnership } from './demo-state.ts';
import type { DemoOwnedKind } from './demo-state.ts';
import { BridgeError } from './errors.ts';
import type { HandlerContext } from './handler-context.ts';
import { objectInput, onlyKeys, optionalObject, optionalString, requiredString } from './validate.ts';

type DemoHandlers = Pick<
  Handlers,
  'demo:get-state' | 'demo:create-connection' | 'demo:invoke' | 'demo:reset'
>;

export function demoHandlers(ctx: HandlerContext): DemoHandlers {
  const { platform } = ctx.engine;
  const owned = new DemoOwnership(ctx.engine.db);
  const changed = (id: string) => ctx.hub?.emit('connections:changed', { id });

  /** The recorded id, while the object still exists (a user may have deleted it by hand). */
  function stillOwned(kind: DemoOwnedKind, exists: (id: string) => boolean): string | null {
    const id = owned.get(kind);
    if (id === null || exists(id)) return id;
    owned.forget(kind);
    return null;
  }

  const ownedConnector = () => stillOwned('connector', (id) => ctx.host.list().some((d) => d.id === id));
  const ownedConnection = () =>
    stillOwned('connection', (id) => platform.connections.list().some((c) => c.id === id));

  function state(extra: Partial<DemoStateDto> = {}): DemoStateDto {
    const connectorId = ownedConnector();
    const connectionId = ownedConnection();
    const status = connectorId ? ctx.host.status(connectorId) : null;
    return {
      connector: status
        ? { id: status.id, name: status.name, running: status.state === 'running', url: status.url }
        : null,
      // A view from get() never holds the plaintext secret; only create/update answers do.
      connection: connectionId ? connectionDto(platform.connections.get(connectionId)) : null,
      ...extra,
    };
  }

  function ensureConnector(): string {
    const existing = ownedConnector();
    if (existing) return existing;
    if (ctx.host.store.findByName(DEMO_CONNECTION_NAME))
      throw new BridgeError(
        'name_taken',
        `a local connector named "${DEMO_CONNECTION_NAME}" exists and was not made by the demo; rename or delete it to run the demo`,
      );
    const created = ctx.host.create(demoCatalogDefinition(DEMO_CONNECTION_NAME));
    owned.set('connector', created.id);
    return created.id;
  }

  async function ensureConnection(url: string): Promise<string> {
    const existing = ownedConnection();
    if (existing) {
      // After an app restart the connector listens on another free port: follow it.
      if (platform.connections.get(existing).webhook_url !== url)
        await platform.connections.update(existing, { webhook_url: url });
      return existing;
    }
    if (platform.connections.list().some((c) => c.name === DEMO_CONNECTION_NAME))
      throw new BridgeError(
        'name_taken',
        `a connection named "${DEMO_CONNECTION_NAME}" exists and was not made by the demo; the demo never changes it: rename or delete it to run the demo`,
      );
    // No signing_secret: the platform generates one, as it does for an admin who leaves it empty.
    const created = await platform.connections.create({
      name: DEMO_CONNECTION_NAME,
      webhook_url: url,
      enabled: true,
    });
    owned.set('connection', created.id);
    return created.id;
  }

  /**
   * The connector runs pristine built-in tools with the connection's secret, as an organization
   * configures its connector after creating the connection. Edits made elsewhere are undone here,
   * so the walk cannot break in front of an audience.
   */
  async function alignConnector(connectorId: string, connectionId: string): Promise<void> {
    const secret = platform.connections.secretOf(connectionId);
    const stored = ctx.host.get(connectorId).definition;
    const wanted = validateDefinition({
      ...demoCatalogDefinition(DEMO_CONNECTION_NAME),
      signingSecret: secret,
      host: stored.host,
      port: stored.port,
    });
    const same =
      JSON.stringify({ ...wanted, signingSecret: fingerprint(wanted.signingSecret) }) ===
      JSON.stringify({ ...stored, signingSecret: fingerprint(stored.signingSecret) });
    if (!same) await ctx.host.update(connectorId, wanted);
  }

  return {
    'demo:get-state': () => state(),

    'demo:create-connection': async () => {
      const connectorId = ensureConnector();
      const wasRunning = ctx.host.status(connectorId).state === 'running';
      const { url } = await ctx.host.start(connectorId);
      const connectionId = await ensureConnection(url);
      await alignConnector(connectorId, connectionId);
      changed(connectionId);
      return state({ started: !wasRunning });
    },

    'demo:invoke': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['tool', 'arguments', 'conversationId', 'channel'], 'demo:invoke');
      const name = requiredString(input, 'tool', 200);
      const args = optionalObject(input, 'arguments') ?? {};
      const conversationId = optionalString(input, 'conversationId', 200);
      const channel = optionalString(input, 'channel', 100);
      const connectionId = ownedConnection();
      if (!connectionId)
        throw new BridgeError(
          'demo_not_started',
          'the demo has no connection yet: run step 1 (create the connection) first',
        );
      const tool = platform.businessTools.list({ connectionId }).find((t) => t.name === name);
      if (!tool)
        throw new BridgeError(
          'not_synced',
          `"${name}" is not a business tool of the demo connection yet: choose a workspace and run Sync Tools`,
        );
      if (channel && tool.definition.chat === false)
        throw new BridgeError(
          'not_on_chat',
          `${name} is kept off customer chat (chat: false): only an admin can run it`,
        );
      const result = await platform.businessTools.test(tool.id, args, {
        ...(conversationId ? { conversationId } : {}),
        ...(channel ? { channel } : {}),
      });
      const exchangeId = result.exchange_ids.at(-1) ?? null;
      const exchange = exchangeId === null ? null : ctx.engine.history.get(exchangeId);
      return invokeDto(name, result, exchangeId, exchange);
    },

    'demo:reset': async () => {
      const out: DemoResetDto = {
        removedConnection: false,
        removedConnector: false,
        removedTools: 0,
        removedEvents: 0,
      };
      const connectionId = ownedConnection();
      if (connectionId) {
        out.removedTools = platform.businessTools.list({ connectionId }).length;
        out.removedEvents = platform.connections.events(connectionId).length;
        // Business tools and events go with it (ON DELETE CASCADE).
        platform.connections.remove(connectionId);
        out.removedConnection = true;
        changed(connectionId);
      }
      owned.forget('connection');
      const connectorId = ownedConnector();
      if (connectorId) {
        // Its catalog database goes too, so quotation numbers start again at Q-000001.
        await ctx.host.remove(connectorId);
        out.removedConnector = true;
      }
      owned.forget('connector');
      return out;
    },
  };
}

function invokeDto(
  tool: string,
  r: {
    ok: boolean;
    output?: unknown;
    error?: { code: string; message: string };
    duration_ms: number;
    request_id: string;
  },
  exchangeId: number | null,
  e: Exchange | null,
): DemoInvokeDto {
  return {
    tool,
    ok: r.ok,
    output: r.ok ? (r.output ?? null) : null,
    error: r.error ? { code: r.error.code, message: r.error.message } : null,
    durationMs: r.duration_ms,
    requestId: r.request_id,
    exchangeId,
    request: e
      ? {
          method: e.method,
          url: e.url,
          headers: e.requestHeaders.map(([n, v]) => [n, v]),
          body: parseBody(e.requestBody),
        }
      : null,
    response: e
      ? { status: e.responseStatus ?? null, body: e.responseBody ? parseBody(e.responseBody) : null }
      : null,
  };
}

function parseBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
