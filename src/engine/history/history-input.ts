// Checks of the History methods' inputs: the filter every read and export takes, the bounds of keyset
// pages and windows and of positional slices, a replay's mode, an export's selection, the retention limits.

import type { HistoryFilterDto } from '../../shared/index.ts';
import type { HistoryFilter } from '../../store/history.ts';
import { validationError } from '../errors.ts';
import {
  MAX_EXCHANGE_ID,
  exchangeIds,
  inputOf,
  objectInput,
  oneOf,
  onlyKeys,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredInteger,
} from '../input.ts';
import type { Obj } from '../input.ts';
import type { ExportRequest } from './export.ts';
import { MAX_EXPORT } from './export.ts';
import type { RetentionSettings } from './retention.ts';

const FILTER_FIELDS: Array<keyof HistoryFilterDto> = [
  'direction',
  'connectionId',
  'localConnectorId',
  'tool',
  'requestType',
  'verdict',
  'responseStatus',
  'id',
  'since',
  'until',
];

/** The optional `filter` field of a History method's input. */
export function filterOf(input: Obj): HistoryFilter {
  const f = objectInput(input.filter, 'filter', { optional: true });
  onlyKeys(f, FILTER_FIELDS, 'filter');
  const out: HistoryFilter = {
    direction: oneOf(f, 'direction', ['outgoing', 'incoming'] as const, { optional: true }),
    connectionId: optionalString(f, 'connectionId', 200),
    localConnectorId: optionalString(f, 'localConnectorId', 200),
    tool: optionalString(f, 'tool', 200),
    requestType: optionalString(f, 'requestType', 100),
    verdict: optionalString(f, 'verdict', 100),
    responseStatus: optionalInteger(f, 'responseStatus', 0, 999),
    id: optionalString(f, 'id', 200),
    since: optionalInteger(f, 'since', 0, MAX_EXCHANGE_ID),
    until: optionalInteger(f, 'until', 0, MAX_EXCHANGE_ID),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as HistoryFilter;
}

/** The `{ id }` of a method about one exchange. */
export const exchangeIdOf = (raw: unknown): number =>
  requiredInteger(objectInput(raw), 'id', 1, MAX_EXCHANGE_ID);

/** `history:page`: the newest `limit` matches older than `before`. */
export function pageQueryOf(raw: unknown) {
  const input = inputOf(raw, 'history:page', ['filter', 'before', 'limit'], { optional: true });
  return {
    filter: filterOf(input),
    before: optionalInteger(input, 'before', 1, MAX_EXCHANGE_ID),
    limit: optionalInteger(input, 'limit', 1, 500),
  };
}

/** `history:count`: the filter alone. */
export const countFilterOf = (raw: unknown): HistoryFilter =>
  filterOf(inputOf(raw, 'history:count', ['filter'], { optional: true }));

/** `history:window`: a keyset window just older than `before`, just newer than `after`, or the newest. */
export function windowQueryOf(raw: unknown) {
  const input = inputOf(raw, 'history:window', ['filter', 'before', 'after', 'limit']);
  return {
    filter: filterOf(input),
    before: optionalInteger(input, 'before', 1, MAX_EXCHANGE_ID + 1),
    after: optionalInteger(input, 'after', 0, MAX_EXCHANGE_ID),
    limit: requiredInteger(input, 'limit', 1, 500),
  };
}

/** `history:slice`: a positional window among ids up to `headId`. */
export function sliceQueryOf(raw: unknown) {
  const input = inputOf(raw, 'history:slice', ['filter', 'offset', 'limit', 'headId']);
  return {
    filter: filterOf(input),
    offset: requiredInteger(input, 'offset', 0, MAX_EXCHANGE_ID),
    limit: requiredInteger(input, 'limit', 1, 500),
    maxId: optionalInteger(input, 'headId', 0, MAX_EXCHANGE_ID),
  };
}

/** `history:replay`: which exchange, and whether as sent or re-signed now. */
export function replayInputOf(raw: unknown) {
  const input = inputOf(raw, 'history:replay', ['id', 'mode']);
  return {
    id: requiredInteger(input, 'id', 1, MAX_EXCHANGE_ID),
    mode: oneOf(input, 'mode', ['as-sent', 're-signed'] as const)!,
  };
}

/** `history:export`: the ids (or the filter's newest MAX_EXPORT), the format, whether secrets stay. */
export function exportRequestOf(raw: unknown, version: string): ExportRequest {
  const input = inputOf(raw, 'history:export', ['ids', 'filter', 'format', 'includeSecrets']);
  return {
    ids: exchangeIds(input, 'ids', MAX_EXPORT, { optional: true }),
    filter: filterOf(input),
    format: oneOf(input, 'format', ['har', 'json'] as const)!,
    includeSecrets: optionalBoolean(input, 'includeSecrets') ?? false,
    version,
  };
}

/** `history:import`: the text of a .har or History .json file. */
export function importContentOf(raw: unknown): string {
  const input = inputOf(raw, 'history:import', ['content', 'fileName']);
  optionalString(input, 'fileName', 500);
  if (typeof input.content !== 'string')
    throw validationError('content must be the text of a .har or .json file', 'content');
  return input.content;
}

/** `history:set-retention`: each limit a whole number in range, or null for none. */
export function retentionSettingsOf(raw: unknown): RetentionSettings {
  const input = inputOf(raw, 'history:set-retention', ['maxCount', 'maxAgeDays']);
  const limit = (field: string, max: number) =>
    input[field] === null ? null : (optionalInteger(input, field, 1, max) ?? null);
  return { maxCount: limit('maxCount', 100_000_000), maxAgeDays: limit('maxAgeDays', 36_500) };
}
