// The rotation rehearsal methods of the contract: validate the input, call the engine's rotation
// use-cases, and tell every UI the connection changed (its secret and webhook_url move with the steps).

import type { Handlers } from '../shared/index.ts';
import { advanceRehearsal, pingRehearsal, rehearsalOf, startRehearsal } from '../engine/index.ts';
import type { HandlerContext } from './handler-context.ts';
import { objectInput, onlyKeys, optionalString } from './validate.ts';
import { validationError } from './errors.ts';

type RotationHandlers = Pick<
  Handlers,
  'rotation:get' | 'rotation:start' | 'rotation:advance' | 'rotation:ping'
>;

const MAX_GRACE_SECONDS = 7 * 24 * 3600;

export function rotationHandlers(ctx: HandlerContext): RotationHandlers {
  const changed = (id: string) => ctx.hub?.emit('connections:changed', { id });
  return {
    'rotation:get': () => rehearsalOf(ctx.engine),

    'rotation:start': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['connectionId', 'localConnectorId', 'graceSeconds'], 'rotation:start');
      const connectionId = optionalString(input, 'connectionId', 200);
      const localConnectorId = optionalString(input, 'localConnectorId', 200);
      if (!connectionId) throw validationError('connectionId is required', 'connectionId');
      if (!localConnectorId) throw validationError('localConnectorId is required', 'localConnectorId');
      const grace = input.graceSeconds ?? 0;
      if (typeof grace !== 'number' || !Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE_SECONDS)
        throw validationError(
          `graceSeconds must be an integer from 0 to ${MAX_GRACE_SECONDS}`,
          'graceSeconds',
        );
      const dto = await startRehearsal(ctx.engine, { connectionId, localConnectorId, graceSeconds: grace });
      changed(connectionId);
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
