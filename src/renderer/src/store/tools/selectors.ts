// Derived views of the tools state, as plain functions.
// Components read derived values through these, so each is computed one way for every screen.

import type { BusinessToolDto } from '../../../../shared/index.ts';
import type { ToolsState } from './initialState.ts';

export const selectedTool = (s: ToolsState): BusinessToolDto | null =>
  s.items.find((t) => t.id === s.selectedId) ?? null;

/** How the tool reaches customers: `chat: false` tools stay off customer chat (approval tools). */
export const chatLabel = (t: BusinessToolDto): string =>
  t.definition.chat === false ? 'off customer chat' : 'on customer chat';

/** Parameters as a flat list for the formatted schema view: name, type, required, description. */
export function schemaParameters(schema: Record<string, unknown>) {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([name, p]) => ({
    name,
    type: Array.isArray(p?.type)
      ? (p.type as string[]).join(' | ')
      : typeof p?.type === 'string'
        ? (p.type as string)
        : 'any',
    required: required.has(name),
    description: typeof p?.description === 'string' ? (p.description as string) : '',
  }));
}
