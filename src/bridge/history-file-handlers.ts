// The History screen's methods of the contract: counts and positional windows for a virtual list,
// filter facets, replay, export/import, and the retention limits with their pruner.

import type { Handlers } from '../shared/index.ts';
import type { HistoryRetentionDto } from '../shared/history.ts';
import { validationError } from './errors.ts';
import { summaryDto } from './dto.ts';
import type { HandlerContext } from './handler-context.ts';
import { filterOf } from './history-handlers.ts';
import { replayExchange } from './history-replay.ts';
import { retentionFor } from './history-retention.ts';
import { exchangesToExport, exportHistory, MAX_EXPORT, parseImport } from './history-transfer.ts';
import {
  MAX_EXCHANGE_ID,
  exchangeIds,
  objectInput,
  oneOf,
  onlyKeys,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredInteger,
} from './validate.ts';
import type { Obj } from './validate.ts';

const MAX_IMPORT_CHARS = 64 * 1024 * 1024;

type ExtraHandlers = Pick<
  Handlers,
  | 'history:count'
  | 'history:slice'
  | 'history:facets'
  | 'history:replay'
  | 'history:export'
  | 'history:import'
  | 'history:get-retention'
  | 'history:set-retention'
>;

export function historyExtraHandlers(ctx: HandlerContext): ExtraHandlers {
  const history = ctx.engine.history;
  const pruner = retentionFor(history);
  pruner.onPruned = (report) =>
    ctx.hub?.emit('history:pruned', { deleted: report.deleted, total: history.count() });
  const retention = (): HistoryRetentionDto => ({
    ...pruner.settings(),
    total: history.count(),
    lastPrune: pruner.last ? { ...pruner.last } : null,
  });

  return {
    'history:count': (raw) => {
      const input = objectInput(raw, 'the input', { optional: true });
      onlyKeys(input, ['filter'], 'history:count');
      const headId = history.newestId();
      return { total: history.count(filterOf(input), { maxId: headId }), headId };
    },

    'history:slice': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['filter', 'offset', 'limit', 'headId'], 'history:slice');
      const items = history.slice(filterOf(input), {
        offset: requiredInteger(input, 'offset', 0, MAX_EXCHANGE_ID),
        limit: requiredInteger(input, 'limit', 1, 500),
        maxId: optionalInteger(input, 'headId', 0, MAX_EXCHANGE_ID),
      });
      return { items: items.map(summaryDto) };
    },

    'history:facets': () => {
      const f = history.facets();
      const connections = new Map(ctx.engine.platform.connections.list().map((c) => [c.id, c.name]));
      const locals = new Map(ctx.host.list().map((d) => [d.id, d.name]));
      return {
        connections: f.connectionIds.map((id) => ({ id, name: connections.get(id) ?? null })),
        localConnectors: f.localConnectorIds.map((id) => ({ id, name: locals.get(id) ?? null })),
        tools: f.tools,
        requestTypes: f.requestTypes,
        verdicts: f.verdicts,
        statuses: f.statuses,
      };
    },

    'history:replay': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['id', 'mode'], 'history:replay');
      return replayExchange(
        ctx,
        requiredInteger(input, 'id', 1, MAX_EXCHANGE_ID),
        oneOf(input, 'mode', ['as-sent', 're-signed'] as const)!,
      );
    },

    'history:export': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['ids', 'filter', 'format', 'includeSecrets'], 'history:export');
      const selection = exchangesToExport(history, {
        ids: exchangeIds(input, 'ids', MAX_EXPORT, { optional: true }),
        filter: filterOf(input),
      });
      return exportHistory(selection.exchanges, {
        format: oneOf(input, 'format', ['har', 'json'] as const)!,
        includeSecrets: optionalBoolean(input, 'includeSecrets') ?? false,
        version: ctx.info.version,
        truncated: selection.truncated,
      });
    },

    'history:import': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['content', 'fileName'], 'history:import');
      optionalString(input, 'fileName', 500);
      const content = input.content;
      if (typeof content !== 'string' || content.length === 0)
        throw validationError('content must be the text of a .har or .json file', 'content');
      if (content.length > MAX_IMPORT_CHARS)
        throw validationError(`the file is over ${MAX_IMPORT_CHARS / 1024 / 1024} MiB`, 'content');
      // Everything is parsed and checked before the first row is written; the rows go in one transaction.
      const ids = history.recordAll(parseImport(content));
      return { imported: ids.length, firstId: ids[0], lastId: ids[ids.length - 1] };
    },

    'history:get-retention': () => retention(),

    'history:set-retention': async (raw) => {
      const input: Obj = objectInput(raw);
      onlyKeys(input, ['maxCount', 'maxAgeDays'], 'history:set-retention');
      const limit = (field: string, max: number) =>
        input[field] === null ? null : (optionalInteger(input, field, 1, max) ?? null);
      await pruner.save({
        maxCount: limit('maxCount', 100_000_000),
        maxAgeDays: limit('maxAgeDays', 36_500),
      });
      return retention();
    },
  };
}
