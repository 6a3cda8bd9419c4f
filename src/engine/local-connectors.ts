// The local connector methods of the contract over the ConnectorHost: definitions (list, save,
// delete, the JSON Schema the editor validates with) and running them (start, stop).

import { definitionSchema, parseDefinitionJson } from '../connector/host/index.ts';
import type { Handlers, LocalConnectorDto } from '../shared/index.ts';
import type { HandlerContext } from './handler-context.ts';
import { idOf, objectInput, onlyKeys } from './validate.ts';
import { validationError } from './errors.ts';

type LocalHandlers = Pick<
  Handlers,
  'local:list' | 'local:get-schema' | 'local:save' | 'local:delete' | 'local:start' | 'local:stop'
>;

function localConnectorDto(ctx: HandlerContext, id: string): LocalConnectorDto {
  const stored = ctx.host.get(id);
  const status = ctx.host.status(id);
  return {
    id,
    name: stored.name,
    running: status.state === 'running',
    url: status.url,
    port: status.port,
    // The owner's own tool: the definition is shown whole, signing secret included, to edit it.
    definition: { ...stored.definition } as Record<string, unknown>,
    updated_at: new Date(stored.updatedAt).toISOString(),
  };
}

export function localHandlers(ctx: HandlerContext): LocalHandlers {
  return {
    'local:list': () => ctx.host.list().map((d) => localConnectorDto(ctx, d.id)),
    'local:get-schema': () => structuredClone(definitionSchema),

    'local:save': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['id', 'definition'], 'local:save');
      if (input.definition === undefined) throw validationError('definition is required', 'definition');
      // The editor may send its text as is; the host's parser reports JSON errors with positions.
      const definition =
        typeof input.definition === 'string' ? parseDefinitionJson(input.definition) : input.definition;
      const saved =
        input.id === undefined ? ctx.host.create(definition) : await ctx.host.update(idOf(input), definition);
      return localConnectorDto(ctx, saved.id);
    },

    'local:delete': async (raw) => {
      await ctx.host.remove(idOf(objectInput(raw)));
      return { deleted: true as const };
    },

    'local:start': async (raw) => {
      const id = idOf(objectInput(raw));
      await ctx.host.start(id);
      return localConnectorDto(ctx, id);
    },

    'local:stop': async (raw) => {
      const id = idOf(objectInput(raw));
      await ctx.host.stop(id);
      return localConnectorDto(ctx, id);
    },
  };
}
