// Local connectors management over the connector host: definitions (list, save from the editor's
// JSON or an object, delete, the JSON Schema the editor validates with) and running them. A connection
// registered from a connector follows it: when the connector's URL changes, the connection's does too.

import { definitionSchema, parseDefinitionJson } from '../connector/host/index.ts';
import type { ConnectorDefinition, ConnectorHost } from '../connector/host/index.ts';
import { validationError } from './errors.ts';
import { idOf, inputOf } from './input.ts';

export interface LocalConnectorView {
  id: string;
  name: string;
  running: boolean;
  url: string | null;
  port: number | null;
  /** The owner's own tool: the definition is whole, signing secret included, to edit it. */
  definition: ConnectorDefinition;
  updatedAt: number;
}

/** The platform's connection registry, as far as following a moved connector needs it. */
export interface FollowingConnections {
  list(): Array<{ id: string; webhook_url: string | null }>;
  update(id: string, input: unknown): Promise<unknown>;
}

/** A `local:save` input: the definition (the editor's JSON text or an object), and the id when it exists. */
export function parseLocalSave(raw: unknown): { id: string | undefined; definition: unknown } {
  const input = inputOf(raw, 'local:save', ['id', 'definition']);
  if (input.definition === undefined) throw validationError('definition is required', 'definition');
  return { id: input.id === undefined ? undefined : idOf(input), definition: input.definition };
}

export class LocalConnectors {
  private readonly host: ConnectorHost;
  private readonly connections: FollowingConnections | null;

  constructor(host: ConnectorHost, connections: FollowingConnections | null = null) {
    this.host = host;
    this.connections = connections;
  }

  view(id: string): LocalConnectorView {
    const stored = this.host.get(id);
    const status = this.host.status(id);
    return {
      id,
      name: stored.name,
      running: status.state === 'running',
      url: status.url,
      port: status.port,
      definition: stored.definition,
      updatedAt: stored.updatedAt,
    };
  }

  list(): LocalConnectorView[] {
    return this.host.list().map((d) => this.view(d.id));
  }

  schema(): unknown {
    return structuredClone(definitionSchema);
  }

  /** Creates (no id) or replaces a definition; text is parsed by the host, which reports JSON errors with positions. */
  async save(id: string | undefined, definition: unknown): Promise<LocalConnectorView> {
    const parsed = typeof definition === 'string' ? parseDefinitionJson(definition) : definition;
    if (id === undefined) return this.view(this.host.create(parsed).id);
    const before = this.host.expectedUrl(id);
    await this.host.update(id, parsed);
    await this.follow(before, this.host.status(id).url ?? this.host.expectedUrl(id));
    return this.view(id);
  }

  async remove(id: string): Promise<void> {
    await this.host.remove(id);
  }

  async start(id: string): Promise<LocalConnectorView> {
    const before = this.host.expectedUrl(id);
    const { url } = await this.host.start(id);
    await this.follow(before, url);
    return this.view(id);
  }

  /**
   * Points the connections registered from a connector (webhook_url = its old URL) at its new URL, so a
   * port or path change never leaves them calling a dead port. Returns the ids of the moved connections.
   */
  async follow(before: string | null, after: string | null): Promise<string[]> {
    if (!this.connections || !before || !after || before === after) return [];
    const moved = this.connections.list().filter((c) => c.webhook_url === before);
    for (const c of moved) await this.connections.update(c.id, { webhook_url: after });
    return moved.map((c) => c.id);
  }

  async stop(id: string): Promise<LocalConnectorView> {
    await this.host.stop(id);
    return this.view(id);
  }
}
