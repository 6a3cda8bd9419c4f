// The History screen's filter choices: what the recorded exchanges hold (connections, local
// connectors, tools, types, verdicts, statuses), with the current names of what still exists.

import type { ConnectorHost } from '../../connector/host/index.ts';
import type { Platform } from '../../platform/index.ts';
import type { History } from '../../store/history.ts';

export interface HistoryFacets {
  connections: Array<{ id: string; name: string | null }>;
  localConnectors: Array<{ id: string; name: string | null }>;
  tools: string[];
  requestTypes: string[];
  verdicts: string[];
  statuses: number[];
}

export function historyFacets(engine: {
  history: History;
  platform: Platform;
  host: ConnectorHost;
}): HistoryFacets {
  const f = engine.history.facets();
  const connections = new Map(engine.platform.connections.list().map((c) => [c.id, c.name]));
  const locals = new Map(engine.host.list().map((d) => [d.id, d.name]));
  return {
    connections: f.connectionIds.map((id) => ({ id, name: connections.get(id) ?? null })),
    localConnectors: f.localConnectorIds.map((id) => ({ id, name: locals.get(id) ?? null })),
    tools: f.tools,
    requestTypes: f.requestTypes,
    verdicts: f.verdicts,
    statuses: f.statuses,
  };
}
