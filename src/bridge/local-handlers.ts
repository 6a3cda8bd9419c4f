// The local connector methods of the contract: check the input, call the engine's LocalConnectors,
// answer its LocalConnectorDto (src/engine/dto/use-case-dto.ts).

import type { Handlers } from '../shared/index.ts';
import { localConnectorDto as dto } from '../engine/dto/use-case-dto.ts';
import type { HandlerContext } from './handler-context.ts';
import { idOf, inputOf, objectInput } from './validate.ts';
import { validationError } from './errors.ts';

type LocalHandlers = Pick<
  Handlers,
  'local:list' | 'local:get-schema' | 'local:save' | 'local:delete' | 'local:start' | 'local:stop'
>;

export function localHandlers(ctx: HandlerContext): LocalHandlers {
  const local = ctx.engine.localConnectors;
  const id = (raw: unknown) => idOf(objectInput(raw));
  return {
    'local:list': () => local.list().map(dto),
    'local:get-schema': () => local.schema() as ReturnType<Handlers['local:get-schema']>,
    'local:save': async (raw) => {
      const input = inputOf(raw, 'local:save', ['id', 'definition']);
      if (input.definition === undefined) throw validationError('definition is required', 'definition');
      return dto(await local.save(input.id === undefined ? undefined : idOf(input), input.definition));
    },
    'local:delete': async (raw) => {
      await local.remove(id(raw));
      return { deleted: true as const };
    },
    'local:start': async (raw) => dto(await local.start(id(raw))),
    'local:stop': async (raw) => dto(await local.stop(id(raw))),
  };
}
