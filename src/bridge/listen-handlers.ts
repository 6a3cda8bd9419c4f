// Real traffic's methods: the sent-vs-received pairing of one exchange and the Live traffic screen's
// recording proxy (start, stop, status); each request it answers is pushed as a listen:request event.

import type { Handlers, ListenRequestEventDto, ListenStatusDto, PairingDto } from '../shared/index.ts';
import { liveTrafficOf } from '../engine/live-traffic.ts';
import type { LiveTrafficEvent, LiveTrafficStatus } from '../engine/live-traffic.ts';
import { pairingOf } from '../engine/pairing.ts';
import type { HandlerContext } from './handler-context.ts';
import { validationError } from './errors.ts';
import { MAX_EXCHANGE_ID, objectInput, onlyKeys, optionalInteger, requiredInteger } from './validate.ts';

type ListenHandlers = Pick<Handlers, 'history:pairing' | 'listen:start' | 'listen:stop' | 'listen:status'>;

export function listenHandlers(ctx: HandlerContext): ListenHandlers {
  const live = liveTrafficOf(ctx.engine);
  if (ctx.hub) {
    const hub = ctx.hub;
    live.onRequest((e) => hub.emit('listen:request', requestDto(e)));
  }
  return {
    'history:pairing': (raw): PairingDto | null => {
      const id = requiredInteger(objectInput(raw), 'id', 1, MAX_EXCHANGE_ID);
      const p = pairingOf(ctx.engine.history, id);
      return p
        ? { role: p.role, peerId: p.peerId, ...p.diff, headersDiffer: [...p.diff.headersDiffer] }
        : null;
    },

    'listen:start': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['forwardTo', 'port', 'secretsFrom'], 'listen:start');
      if (typeof input.forwardTo !== 'string' || input.forwardTo.length > 2048)
        throw validationError('forwardTo must be the connector URL (at most 2048 characters)', 'forwardTo');
      const from = objectInput(input.secretsFrom, 'secretsFrom');
      onlyKeys(from, ['connectionId', 'localConnectorId'], 'secretsFrom');
      const connectionId = from.connectionId;
      const localConnectorId = from.localConnectorId;
      let secretsFrom: { connectionId: string } | { localConnectorId: string };
      if (typeof connectionId === 'string' && connectionId && localConnectorId === undefined)
        secretsFrom = { connectionId };
      else if (typeof localConnectorId === 'string' && localConnectorId && connectionId === undefined)
        secretsFrom = { localConnectorId };
      else
        throw validationError(
          'secretsFrom must name exactly one of connectionId or localConnectorId',
          'secretsFrom',
        );
      return statusDto(
        await live.start({
          forwardTo: input.forwardTo,
          port: optionalInteger(input, 'port', 0, 65535),
          secretsFrom,
        }),
      );
    },

    'listen:stop': async () => statusDto(await live.stop()),
    'listen:status': () => statusDto(live.status()),
  };
}

function statusDto(s: LiveTrafficStatus): ListenStatusDto {
  return { ...s, secretFingerprints: [...s.secretFingerprints] };
}

function requestDto(e: LiveTrafficEvent): ListenRequestEventDto {
  return {
    exchangeId: e.exchangeId,
    startedAt: e.startedAt,
    method: e.method,
    path: e.path,
    requestType: e.requestType,
    tool: e.tool,
    verdict: e.verdict,
    cause: e.cause,
    matchedSecret: e.matchedSecret,
    status: e.status,
    durationMs: e.durationMs,
  };
}
