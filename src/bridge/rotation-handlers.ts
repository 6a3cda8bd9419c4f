// The rotation rehearsal methods of the contract: the engine checks the input and runs its rotation
// use-cases; every UI is told the connection changed (its secret and webhook_url move with the steps).

import type { Handlers } from '../shared/index.ts';
import {
  advanceRehearsal,
  parseRehearsalStart,
  pingRehearsal,
  rehearsalOf,
  startRehearsal,
} from '../engine/rotation.ts';
import type { HandlerContext } from './handler-context.ts';

type RotationHandlers = Pick<
  Handlers,
  'rotation:get' | 'rotation:start' | 'rotation:advance' | 'rotation:ping'
>;

export function rotationHandlers(ctx: HandlerContext): RotationHandlers {
  const changed = (id: string) => ctx.hub?.emit('connections:changed', { id });
  return {
    'rotation:get': () => rehearsalOf(ctx.engine),

    'rotation:start': async (raw) => {
      const input = parseRehearsalStart(raw);
      const dto = await startRehearsal(ctx.engine, input);
      changed(input.connectionId);
      return dto;
    },

    'rotation:advance': async () => {
      const dto = await advanceRehearsal(ctx.engine);
      changed(dto.connectionId);
      return dto;
    },

    'rotation:ping': () => pingRehearsal(ctx.engine),
  };
}
