// The History screen's reading methods: a capped count and keyset windows of summaries for a virtual
// list (no OFFSET), one exchange in detail with its diagnosis, the filter facets, and replay.

import type { Handlers } from '../shared/index.ts';
import { historyFacets } from '../engine/index.ts';
import { callDepsOf } from '../engine/call-target.ts';
import {
  countFilterOf,
  exchangeIdOf,
  pageQueryOf,
  replayInputOf,
  sliceQueryOf,
  windowQueryOf,
} from '../engine/history/history-input.ts';
import { exchangeDetailOf, exchangeOrThrow } from '../engine/history/inspect.ts';
import { replayExchange } from '../engine/replay.ts';
import { summaryDto } from '../engine/dto/contract-dto.ts';
import type { HandlerContext } from './handler-context.ts';

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
      const { filter, ...options } = pageQueryOf(raw);
      const page = history.page(filter, options);
      return { items: page.items.map(summaryDto), nextBefore: page.nextBefore };
    },

    'history:get': (raw) => exchangeDetailOf(ctx.engine, exchangeOrThrow(history, exchangeIdOf(raw))),

    'history:count': (raw) => {
      const filter = countFilterOf(raw);
      const headId = history.newestId();
      return { ...history.countSpan(filter, { maxId: headId }), headId };
    },

    'history:window': (raw) => {
      const w = history.window(windowQueryOf(raw));
      return { items: w.items.map(summaryDto), older: w.older, newer: w.newer };
    },

    // Positional windows (OFFSET): kept for API clients; the screen reads keyset windows.
    'history:slice': (raw) => {
      const { filter, ...options } = sliceQueryOf(raw);
      return { items: history.slice(filter, options).map(summaryDto) };
    },

    'history:facets': () => historyFacets(ctx.engine),

    'history:replay': async (raw) => {
      const { id, mode } = replayInputOf(raw);
      const replayed = await replayExchange(
        callDepsOf(ctx.engine, ctx.now),
        exchangeOrThrow(history, id),
        mode,
      );
      return exchangeDetailOf(ctx.engine, replayed);
    },
  };
}
