// Derived views of the History screen state, as plain functions (shared/style.md anchor 8).
// Components read derived values through these, so each is computed one way for every screen.

import type { HistoryFilterDto } from '../../../../shared/index.ts';
import type { HistoryFacetsDto } from '../../../../shared/history.ts';
import type { HistoryState } from './initialState.ts';

export const canCompare = (s: Pick<HistoryState, 'selected'>): boolean => s.selected.length === 2;
export const canReplay = (s: Pick<HistoryState, 'selected'>): boolean => s.selected.length === 1;

/** "Catalog (conn_ab12…)" for a connection id, its bare id when it was deleted since. */
export function connectionLabel(facets: HistoryFacetsDto | null, id: string | null): string {
  if (!id) return '';
  const hit =
    facets?.connections.find((c) => c.id === id) ?? facets?.localConnectors.find((c) => c.id === id);
  return hit?.name ?? id;
}

/** Time-range presets of the filter bar, in milliseconds back from now. */
export const TIME_RANGES: Array<{ value: string; label: string; ms: number | null }> = [
  { value: '', label: 'Any time', ms: null },
  { value: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { value: '1h', label: 'Last hour', ms: 3600_000 },
  { value: '24h', label: 'Last 24 hours', ms: 24 * 3600_000 },
  { value: '7d', label: 'Last 7 days', ms: 7 * 24 * 3600_000 },
];

/** Drops empty fields so the engine sees only what the user chose. */
export function cleanFilter(f: HistoryFilterDto): HistoryFilterDto {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as HistoryFilterDto;
}
