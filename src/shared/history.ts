// DTOs of the History screen's methods (counts and windows for the virtual list, facets, replay,
// export/import, retention), kept beside contract.ts so each feature's shapes live in one file.

import type { HistoryFilterDto } from './types.ts';

export interface HistoryCountDto {
  total: number;
  /** The newest id when counted: pass it to history:slice so positions hold while exchanges arrive. */
  headId: number | null;
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
