// The History screen's reading methods: a capped count and keyset windows of summaries for a virtual
// list (no OFFSET), one exchange in detail with its diagnosis, the filter facets, and replay.

import type { Handlers, HistoryFilterDto } from '../shared/index.ts';
import { historyFacets } from '../engine/index.ts';
import { callDepsOf } from '../engine/call-target.ts';
import { exchangeDetailOf, exchangeOrThrow } from '../engine/history/inspect.ts';
import { replayExchange } from '../engine/replay.ts';
import type { HistoryFilter } from '../store/history.ts';
import { summaryDto } from './dto.ts';
import type { HandlerContext } from './handler-context.ts';
import {
  MAX_EXCHANGE_ID,
  objectInput,
  oneOf,
  onlyKeys,
  optionalInteger,
  optionalString,
  requiredInteger,
} from './validate.ts';
import type { Obj } from './validate.ts';

type HistoryHandlers = Pick<
  Handlers,
  | 'history:page'
  | 'history:get'
  | 'history:count'
  | 'history:slice'
  | 'history:window'
  | 'history:facets'
  | 'history:replay'
>;

export function historyHandlers(ctx: HandlerContext): HistoryHandlers {
  const history = ctx.engine.history;
  return {
    'history:page': (raw) => {
      const input = objectInput(raw, 'the input', { optional: true });
      onlyKeys(input, ['filter', 'before', 'limit'], 'history:page');
      const page = history.page(filterOf(input), {
        before: optionalInteger(input, 'before', 1, MAX_EXCHANGE_ID),
        limit: optionalInteger(input, 'limit', 1, 500),
      });
      return { items: page.items.map(summaryDto), nextBefore: page.nextBefore };
    },

    'history:get': (raw) => {
      const id = requiredInteger(objectInput(raw), 'id', 1, MAX_EXCHANGE_ID);
      return exchangeDetailOf(ctx.engine, exchangeOrThrow(history, id));
    },

    'history:count': (raw) => {
      const input = objectInput(raw, 'the input', { optional: true });
      onlyKeys(input, ['filter'], 'history:count');
      const headId = history.newestId();
      return { ...history.countSpan(filterOf(input), { maxId: headId }), headId };
    },

    'history:window': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['filter', 'before', 'after', 'limit'], 'history:window');
      const w = history.window({
        filter: filterOf(input),
        before: optionalInteger(input, 'before', 1, MAX_EXCHANGE_ID + 1),
        after: optionalInteger(input, 'after', 0, MAX_EXCHANGE_ID),
        limit: requiredInteger(input, 'limit', 1, 500),
      });
      return { items: w.items.map(summaryDto), older: w.older, newer: w.newer };
    },

    // Positional windows (OFFSET): kept for API clients; the screen reads keyset windows.
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

    'history:facets': () => historyFacets(ctx.engine),

    'history:replay': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['id', 'mode'], 'history:replay');
      const id = requiredInteger(input, 'id', 1, MAX_EXCHANGE_ID);
      const mode = oneOf(input, 'mode', ['as-sent', 're-signed'] as const)!;
      const replayed = await replayExchange(
        callDepsOf(ctx.engine, ctx.now),
        exchangeOrThrow(history, id),
        mode,
      );
      return exchangeDetailOf(ctx.engine, replayed);
    },
  };
}

/** The optional `filter` field of a history method's input. */
export function filterOf(input: Obj): HistoryFilter {
  const f = objectInput(input.filter, 'filter', { optional: true });
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
