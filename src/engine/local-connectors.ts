// Local connectors management over the connector host: definitions (list, save from the editor's
// JSON or an object, delete, the JSON Schema the editor validates with) and running them.

import { definitionSchema, parseDefinitionJson } from '../connector/host/index.ts';
import type { ConnectorDefinition, ConnectorHost } from '../connector/host/index.ts';

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

export class LocalConnectors {
  private readonly host: ConnectorHost;

  constructor(host: ConnectorHost) {
    this.host = host;
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
    const saved = id === undefined ? this.host.create(parsed) : await this.host.update(id, parsed);
    return this.view(saved.id);
  }

  async remove(id: string): Promise<void> {
    await this.host.remove(id);
  }

  async start(id: string): Promise<LocalConnectorView> {
    await this.host.start(id);
    return this.view(id);
  }

  async stop(id: string): Promise<LocalConnectorView> {
    await this.host.stop(id);
    return this.view(id);
  }
}
