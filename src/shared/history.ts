// DTOs of the History screen's methods (counts and windows for the virtual list, facets, replay,
// export/import, retention), kept beside contract.ts so each feature's shapes live in one file.

import type { ExchangeSummaryDto, HistoryFilterDto } from './types.ts';

export interface HistoryCountDto {
  /** Exact without a filter; with one, exact below the cap and the cap itself beyond (`capped`). */
  total: number;
  /** True when more match than `total`: show "50,000+", not an exact number. */
  capped: boolean;
  /** The newest id when counted: windows start below it so positions hold while exchanges arrive. */
  headId: number | null;
  /** The oldest id among the `total` counted (null when none): a far jump estimates its cursor by id. */
  floorId: number | null;
}

/** A keyset window, newest first: `limit` matches just older than `before`, just newer than `after`, or the newest. */
export interface HistoryWindowInput {
  filter?: HistoryFilterDto;
  before?: number;
  after?: number;
  limit: number;
}

export interface HistoryWindowDto {
  items: ExchangeSummaryDto[];
  /** Pass as `before` for the next older window; null when nothing older matches. */
  older: number | null;
  /** Pass as `after` for the next newer window; null when nothing newer matches. */
  newer: number | null;
}

export interface HistorySliceInput {
  filter?: HistoryFilterDto;
  /** Position of the first row wanted, 0 = newest. */
  offset: number;
  limit: number;
  headId?: number;
}

export interface HistoryFacetsDto {
  /** Name null: the connection (or local connector) was deleted since. */
  connections: Array<{ id: string; name: string | null }>;
  localConnectors: Array<{ id: string; name: string | null }>;
  tools: string[];
  requestTypes: string[];
  verdicts: string[];
  statuses: number[];
}

export type ReplayModeDto = 'as-sent' | 're-signed';

export interface HistoryExportInput {
  /** These exchanges; without ids, the newest (up to 10,000) matching the filter. */
  ids?: number[];
  filter?: HistoryFilterDto;
  format: 'har' | 'json';
  /** Signatures, credential-looking headers and body fields are redacted unless true. */
  includeSecrets?: boolean;
}

export interface HistoryExportDto {
  fileName: string;
  mimeType: string;
  content: string;
  count: number;
  /** More exchanges matched than one export holds. */
  truncated: boolean;
  redacted: boolean;
}

export interface HistoryImportDto {
  imported: number;
  firstId: number;
  lastId: number;
}

export interface HistoryRetentionInput {
  maxCount: number | null;
  maxAgeDays: number | null;
}

export interface HistoryRetentionDto extends HistoryRetentionInput {
  total: number;
  lastPrune: { at: number; deleted: number } | null;
}

export interface HistoryPrunedEventDto {
  deleted: number;
  total: number;
}
