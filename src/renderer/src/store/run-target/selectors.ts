// The run target as the contract wants it (or the reason it is not ready yet), the endpoint it
// resolves to (for the loopback guard of the Load panel), and the tools known for it.

import type {
  ConnectionDto,
  LocalConnectorDto,
  TargetDto,
  ToolDefinitionDto,
} from '../../../../shared/index.ts';
import { declaredTools, skewWindowAt, skewWindowOf } from '../local/selectors.ts';
import type { RunTargetState } from './initialState.ts';

export interface ResolvedRunTarget {
  target: TargetDto | null;
  /** Why the target cannot be used yet, shown under the picker. */
  problem: string | null;
  /** The endpoint URL when the UI knows it (a stopped local connector has none yet). */
  url: string | null;
  tools: ToolDefinitionDto[];
  /** The local connector's own replay window, the natural default of the skew under test. */
  skewSeconds: number | null;
}

export function resolveRunTarget(
  s: RunTargetState,
  connections: ConnectionDto[],
  locals: LocalConnectorDto[],
): ResolvedRunTarget {
  if (s.kind === 'connection') {
    const c = connections.find((x) => x.id === s.connectionId) ?? null;
    if (!c) return { target: null, problem: 'Pick a connection.', url: null, tools: [], skewSeconds: null };
    return {
      target: { kind: 'connection', id: c.id },
      problem: null,
      url: c.webhook_url || null,
      tools: s.connectionTools,
      skewSeconds: skewWindowAt(locals, c.webhook_url),
    };
  }
  if (s.kind === 'local') {
    const l = locals.find((x) => x.id === s.localId) ?? null;
    if (!l)
      return { target: null, problem: 'Pick a local connector.', url: null, tools: [], skewSeconds: null };
    return {
      target: { kind: 'local', id: l.id },
      problem: l.running ? null : 'This local connector is stopped: start it first.',
      url: l.url,
      tools: declaredTools(l),
      skewSeconds: skewWindowOf(l),
    };
  }
  const url = s.url.trim();
  if (!/^https?:\/\/\S+$/i.test(url))
    return {
      target: null,
      problem: 'Enter the connector endpoint URL (http:// or https://…/service).',
      url: null,
      tools: [],
      skewSeconds: null,
    };
  if (s.secret === '')
    return {
      target: null,
      problem: 'Enter the signing secret the connector expects.',
      url,
      tools: [],
      skewSeconds: null,
    };
  return { target: { kind: 'url', url, secret: s.secret }, problem: null, url, tools: [], skewSeconds: null };
}
