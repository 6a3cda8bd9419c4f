// The History methods that produce or read files: curl of one exchange, HAR of a few, the export
// (HAR or JSON) of a selection, the import; plus the retention limits. Each validates, then calls the engine.

import type { Handlers } from '../shared/index.ts';
import { curlCommand, exportFromHistory, harOfExchanges, importHistory } from '../engine/index.ts';
import { retentionDto as retentionOf } from '../engine/dto/use-case-dto.ts';
import { exportRequestOf, importContentOf, retentionSettingsOf } from '../engine/history/history-input.ts';
import { exchangeOrThrow } from '../engine/history/inspect.ts';
import type { HandlerContext } from './handler-context.ts';
import {
  MAX_EXCHANGE_ID,
  exchangeIds,
  objectInput,
  oneOf,
  optionalBoolean,
  requiredInteger,
} from '../engine/input.ts';

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

    'history:export': (raw) => exportFromHistory(ctx.engine, exportRequestOf(raw, ctx.info.version)),

    'history:import': (raw) => importHistory(history, importContentOf(raw)),

    'history:get-retention': () => retentionDto(),

    'history:set-retention': async (raw) => {
      await retention.save(retentionSettingsOf(raw));
      return retentionDto();
    },
  };
}
