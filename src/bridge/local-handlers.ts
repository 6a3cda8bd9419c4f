// The local connector methods of the contract: check the input, call the engine's LocalConnectors,
// answer its LocalConnectorDto (src/engine/dto/use-case-dto.ts).

import type { Handlers } from '../shared/index.ts';
import { localConnectorDto as dto } from '../engine/dto/use-case-dto.ts';
import { parseLocalSave } from '../engine/local-connectors.ts';
import type { HandlerContext } from './handler-context.ts';
import { idOf, objectInput } from '../engine/input.ts';

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
      const { id, definition } = parseLocalSave(raw);
      return dto(await local.save(id, definition));
    },
    'local:delete': async (raw) => {
      await local.remove(id(raw));
      return { deleted: true as const };
    },
    'local:start': async (raw) => dto(await local.start(id(raw))),
    'local:stop': async (raw) => dto(await local.stop(id(raw))),
  };
}
