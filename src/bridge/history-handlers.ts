// The history methods of the contract: pages of summaries, one exchange in detail with its
// diagnosis, and the two exports (curl, HAR).

import type { Handlers, HistoryFilterDto } from '../shared/index.ts';
import type { HistoryFilter } from '../store/history.ts';
import { summaryDto } from './dto.ts';
import { exchangeDetail, exchangeOrThrow } from './exchange-detail.ts';
import { curlCommand } from './curl-export.ts';
import { harOf } from './har-export.ts';
import type { HandlerContext } from './handler-context.ts';
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

const MAX_HAR_ENTRIES = 1000;

type HistoryHandlers = Pick<
  Handlers,
  'history:page' | 'history:get' | 'history:export-curl' | 'history:export-har'
>;

export function historyHandlers(ctx: HandlerContext): HistoryHandlers {
  return {
    'history:page': (raw) => {
      const input = objectInput(raw, 'the input', { optional: true });
      onlyKeys(input, ['filter', 'before', 'limit'], 'history:page');
      const filter = filterOf(input);
      const page = ctx.engine.history.page(filter, {
        before: optionalInteger(input, 'before', 1, MAX_EXCHANGE_ID),
        limit: optionalInteger(input, 'limit', 1, 500),
      });
      return { items: page.items.map(summaryDto), nextBefore: page.nextBefore };
    },

    'history:get': (raw) => exchangeDetail(ctx, requiredInteger(objectInput(raw), 'id', 1, MAX_EXCHANGE_ID)),

    'history:export-curl': (raw) => {
      const input = objectInput(raw);
      const e = exchangeOrThrow(ctx, requiredInteger(input, 'id', 1, MAX_EXCHANGE_ID));
      return { command: curlCommand(ctx, e, oneOf(input, 'mode', ['as-sent', 're-signed'] as const)!) };
    },

    'history:export-har': (raw) => {
      const input = objectInput(raw);
      const exchanges = exchangeIds(input, 'ids', MAX_HAR_ENTRIES)!.map((id) => exchangeOrThrow(ctx, id));
      return {
        har: harOf(exchanges, {
          includeSecrets: optionalBoolean(input, 'includeSecrets') ?? false,
          version: ctx.info.version,
        }),
      };
    },
  };
}

/** The optional `filter` field of a history method's input. */
export function filterOf(input: Obj): HistoryFilter {
  return parseFilter(objectInput(input.filter, 'filter', { optional: true }));
}

function parseFilter(f: Obj): HistoryFilter {
  const keys: Array<keyof HistoryFilterDto> = [
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
  onlyKeys(f, keys, 'filter');
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
