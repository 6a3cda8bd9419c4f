// The local connector methods of the contract: validate, call the engine's LocalConnectors, and
// answer the LocalConnectorDto of src/shared.

import type { Handlers, LocalConnectorDto } from '../shared/index.ts';
import type { LocalConnectorView } from '../engine/index.ts';
import type { HandlerContext } from './handler-context.ts';
import { idOf, objectInput, onlyKeys } from './validate.ts';
import { validationError } from './errors.ts';

type LocalHandlers = Pick<
  Handlers,
  'local:list' | 'local:get-schema' | 'local:save' | 'local:delete' | 'local:start' | 'local:stop'
>;

function localConnectorDto(v: LocalConnectorView): LocalConnectorDto {
  return {
    id: v.id,
    name: v.name,
    running: v.running,
    url: v.url,
    port: v.port,
    definition: { ...v.definition } as Record<string, unknown>,
    updated_at: new Date(v.updatedAt).toISOString(),
  };
}

export function localHandlers(ctx: HandlerContext): LocalHandlers {
  const local = ctx.engine.localConnectors;
  return {
    'local:list': () => local.list().map(localConnectorDto),
    'local:get-schema': () => local.schema() as ReturnType<Handlers['local:get-schema']>,

    'local:save': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['id', 'definition'], 'local:save');
      if (input.definition === undefined) throw validationError('definition is required', 'definition');
      const id = input.id === undefined ? undefined : idOf(input);
      return localConnectorDto(await local.save(id, input.definition));
    },

    'local:delete': async (raw) => {
      await local.remove(idOf(objectInput(raw)));
      return { deleted: true as const };
    },

    'local:start': async (raw) => localConnectorDto(await local.start(idOf(objectInput(raw)))),
    'local:stop': async (raw) => localConnectorDto(await local.stop(idOf(objectInput(raw)))),
  };
}
