// Derived views of the local connectors state, as plain functions.
// Components read derived values through these, so each is computed one way for every screen.

import type { HostRequestEventDto, LocalConnectorDto, ToolDefinitionDto } from '../../../../shared/index.ts';
import type { LocalState } from './initialState.ts';

export const selectedConnector = (s: LocalState): LocalConnectorDto | null =>
  s.items.find((c) => c.id === s.selectedId) ?? null;

export const isBusy = (s: LocalState, op: 'start' | 'stop' | 'delete', id: string): boolean =>
  Boolean(s.busy[`${op}:${id}`]);

const NO_LOG: HostRequestEventDto[] = [];

/** Stable empty list: a fresh [] per call would make zustand re-render forever. */
export const logOf = (s: LocalState, id: string | null): HostRequestEventDto[] =>
  id ? (s.log[id] ?? NO_LOG) : NO_LOG;

/** The tools a local connector declares, in the wire shape the console offers for invocation. */
export function declaredTools(c: LocalConnectorDto | null): ToolDefinitionDto[] {
  const tools = (c?.definition as { tools?: unknown })?.tools;
  if (!Array.isArray(tools)) return [];
  return tools
    .filter(
      (t): t is Record<string, unknown> =>
        !!t && typeof t === 'object' && typeof (t as { name?: unknown }).name === 'string',
    )
    .map((t) => ({
      name: t.name as string,
      description: typeof t.description === 'string' ? t.description : '',
      auth: typeof t.auth === 'string' ? t.auth : 'none',
      chat: t.chat !== false,
      input_schema: (t.input_schema as Record<string, unknown>) ?? { type: 'object', properties: {} },
    }));
}

/** The signing secret stored in the definition: the local connector is the user's own server. */
export const definitionSecret = (c: LocalConnectorDto | null): string | null => {
  const s = (c?.definition as { signingSecret?: unknown })?.signingSecret;
  return typeof s === 'string' && s !== '' ? s : null;
};

/** A local connector's accepted clock difference (its replay window), when its definition sets one. */
export function skewWindowOf(c: LocalConnectorDto | null): number | null {
  const w = (c?.definition as { maxTimestampSkewSeconds?: unknown } | undefined)?.maxTimestampSkewSeconds;
  return typeof w === 'number' ? w : null;
}

/**
 * The window of the local connector serving `url`: a connection registered from a local connector
 * follows its URL, so the testbench knows the window behind that connection too.
 */
export function skewWindowAt(locals: LocalConnectorDto[], url: string | null | undefined): number | null {
  if (!url) return null;
  return skewWindowOf(locals.find((c) => c.url !== null && c.url === url) ?? null);
}
