// The History methods that produce or read files: curl of one exchange, HAR of a few, the export
// (HAR or JSON) of a selection, the import; plus the retention limits. Each validates, then calls the engine.

import type { Handlers } from '../shared/index.ts';
import {
  MAX_EXPORT,
  curlCommand,
  exportFromHistory,
  harOfExchanges,
  importHistory,
} from '../engine/index.ts';
import { retentionDto as retentionOf } from '../engine/dto/use-case-dto.ts';
import { validationError } from './errors.ts';
import { exchangeOrThrow } from '../engine/history/inspect.ts';
import type { HandlerContext } from './handler-context.ts';
import { filterOf } from './history-handlers.ts';
import {
  MAX_EXCHANGE_ID,
  exchangeIds,
  inputOf,
  objectInput,
  oneOf,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredInteger,
} from './validate.ts';

const MAX_HAR_ENTRIES = 1000;

type FileHandlers = Pick<
  Handlers,
  | 'history:export-curl'
  | 'history:export-har'
  | 'history:export'
  | 'history:import'
  | 'history:get-retention'
  | 'history:set-retention'
>;

export function historyFileHandlers(ctx: HandlerContext): FileHandlers {
  const { history, retention } = ctx.engine;
  const retentionDto = () => retentionOf(history, retention);

  return {
    'history:export-curl': (raw) => {
      const input = objectInput(raw);
      const e = exchangeOrThrow(history, requiredInteger(input, 'id', 1, MAX_EXCHANGE_ID));
      const mode = oneOf(input, 'mode', ['as-sent', 're-signed'] as const)!;
      return { command: curlCommand(ctx.engine, e, mode, ctx.now) };
    },

    'history:export-har': (raw) => {
      const input = objectInput(raw);
      const exchanges = exchangeIds(input, 'ids', MAX_HAR_ENTRIES)!.map((id) => exchangeOrThrow(history, id));
      const includeSecrets = optionalBoolean(input, 'includeSecrets') ?? false;
      return { har: harOfExchanges(ctx.engine, exchanges, { includeSecrets, version: ctx.info.version }) };
    },

    'history:export': (raw) => {
      const input = inputOf(raw, 'history:export', ['ids', 'filter', 'format', 'includeSecrets']);
      return exportFromHistory(ctx.engine, {
        ids: exchangeIds(input, 'ids', MAX_EXPORT, { optional: true }),
        filter: filterOf(input),
        format: oneOf(input, 'format', ['har', 'json'] as const)!,
        includeSecrets: optionalBoolean(input, 'includeSecrets') ?? false,
        version: ctx.info.version,
      });
    },

    'history:import': (raw) => {
      const input = inputOf(raw, 'history:import', ['content', 'fileName']);
      optionalString(input, 'fileName', 500);
      if (typeof input.content !== 'string')
        throw validationError('content must be the text of a .har or .json file', 'content');
      return importHistory(history, input.content);
    },

    'history:get-retention': () => retentionDto(),

    'history:set-retention': async (raw) => {
      const input = inputOf(raw, 'history:set-retention', ['maxCount', 'maxAgeDays']);
      const limit = (field: string, max: number) =>
        input[field] === null ? null : (optionalInteger(input, field, 1, max) ?? null);
      await retention.save({
        maxCount: limit('maxCount', 100_000_000),
        maxAgeDays: limit('maxAgeDays', 36_500),
      });
      return retentionDto();
    },
  };
}
