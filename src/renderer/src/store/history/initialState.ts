// State of the History screen: the filter, the total and a sparse cache of rows by position for
// the virtual list, the selection, and the outcome of replay, compare, export/import, retention.

import type {
  ApiError,
  ExchangeDetailDto,
  ExchangeSummaryDto,
  HistoryFilterDto,
} from '../../../../shared/index.ts';
import type { HistoryFacetsDto, HistoryRetentionDto } from '../../../../shared/history.ts';

/** Rows are fetched in blocks of this many positions. */
export const BLOCK = 100;

export interface HistoryState {
  filter: HistoryFilterDto;
  /** Bumped on every filter change: late answers of an older filter are dropped. */
  generation: number;
  total: number;
  /** More match than `total` (a capped filtered count): shown as "50,000+". */
  capped: boolean;
  /** Newest id when counted: positions are counted among ids <= headId. */
  headId: number | null;
  /** Oldest id among those counted: a far jump estimates its keyset cursor between it and headId. */
  floorId: number | null;
  loaded: boolean;
  error: ApiError | null;
  /** Position -> row; sparse. */
  rows: Record<number, ExchangeSummaryDto>;
  /** Rows that arrived on top since the last shift, and a counter the list watches to keep its place. */
  shift: { rows: number; seq: number };
  /** Bumped when the filter changes: the list goes back to the top. */
  scrollReset: number;
  /** Milliseconds from a filter change to its first rows (shown, and read by the bench). */
  lastFilterMs: number | null;
  facets: HistoryFacetsDto | null;
  selected: number[];
  busy: string | null;
  actionError: ApiError | null;
  notice: string | null;
  compare: { left: ExchangeDetailDto; right: ExchangeDetailDto } | null;
  includeSecrets: boolean;
  format: 'har' | 'json';
  retention: HistoryRetentionDto | null;
  /** Bookkeeping the list never draws, kept here so no state lives outside the store: */
  /** Block fetches under way, as `generation:block`. */
  inFlight: string[];
  /** Positions [start, end) the list last asked for. */
  visible: [number, number];
  /** When the current filter was set (performance.now()), until its first rows arrive. */
  filterStartedAt: number | null;
  /** A head refresh is running; `again` when another was asked for meanwhile. */
  headRefresh: { running: boolean; again: boolean };
}

export const initialHistoryState: HistoryState = {
  filter: {},
  generation: 0,
  total: 0,
  capped: false,
  headId: null,
  floorId: null,
  loaded: false,
  error: null,
  rows: {},
  shift: { rows: 0, seq: 0 },
  scrollReset: 0,
  lastFilterMs: null,
  facets: null,
  selected: [],
  busy: null,
  actionError: null,
  notice: null,
  compare: null,
  includeSecrets: false,
  format: 'har',
  retention: null,
  inFlight: [],
  visible: [0, 0],
  filterStartedAt: null,
  headRefresh: { running: false, again: false },
};
