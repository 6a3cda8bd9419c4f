// Real traffic's methods: the sent-vs-received pairing of one exchange and the Live traffic screen's
// recording proxy (start, stop, status); each request it answers is pushed as a listen:request event.

import type { Handlers } from '../shared/index.ts';
import { listenRequestDto, listenStatusDto as statusDto, pairingDto } from '../engine/dto/use-case-dto.ts';
import { exchangeIdOf } from '../engine/history/history-input.ts';
import { liveTrafficOf, parseListenStart } from '../engine/live-traffic.ts';
import { pairingOf } from '../engine/pairing.ts';
import type { HandlerContext } from './handler-context.ts';

type ListenHandlers = Pick<Handlers, 'history:pairing' | 'listen:start' | 'listen:stop' | 'listen:status'>;

export function listenHandlers(ctx: HandlerContext): ListenHandlers {
  const live = liveTrafficOf(ctx.engine);
  if (ctx.hub) {
    const hub = ctx.hub;
    live.onRequest((e) => hub.emit('listen:request', listenRequestDto(e)));
  }
  return {
    'history:pairing': (raw) => pairingDto(pairingOf(ctx.engine.history, exchangeIdOf(raw))),
    'listen:start': async (raw) => statusDto(await live.start(parseListenStart(raw))),
    'listen:stop': async () => statusDto(await live.stop()),
    'listen:status': () => statusDto(live.status()),
  };
}
