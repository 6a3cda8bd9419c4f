// The engine side of the contract: one function per method of src/shared Methods, each checking
// its input again, calling the engine (its platform or a use-case), and answering the DTOs of src/shared.

import type { ConnectionInput, Handlers } from '../shared/index.ts';
import {
  businessToolDto,
  connectionDto,
  orgDto,
  orgEventDto,
  syncReportDto,
  testReportDto,
} from '../engine/dto/contract-dto.ts';
import { consoleSend } from './console-send.ts';
import { historyHandlers } from './history-handlers.ts';
import { historyFileHandlers } from './history-file-handlers.ts';
import { demoHandlers } from './demo-handlers.ts';
import { localHandlers } from './local-handlers.ts';
import { runHandlers } from './run-handlers.ts';
import { rotationHandlers } from './rotation-handlers.ts';
import { listenHandlers } from './listen-handlers.ts';
import { scenarioHandlers } from './scenario-handlers.ts';
import type { HandlerContext } from './handler-context.ts';
import { definedOnly, idOf, objectInput, oneOf, onlyKeys, optionalString, inputOf } from './validate.ts';
import type { Obj } from './validate.ts';
import { validationError } from './errors.ts';

export type { HandlerContext } from './handler-context.ts';

const CONNECTION_FIELDS = ['name', 'webhook_url', 'signing_secret', 'enabled', 'workspace_id'] as const;

export function createHandlers(ctx: HandlerContext): Handlers {
  const { platform } = ctx.engine;
  const id = (raw: unknown) => idOf(objectInput(raw));
  /** Tells every UI which connection changed, then answers `value`. */
  const changed = <T>(connectionId: string, value: T): T => {
    ctx.hub?.emit('connections:changed', { id: connectionId });
    return value;
  };

  return {
    'app:get-info': () => ({
      version: ctx.info.version,
      dataDir: ctx.engine.dataDir ?? ':memory:',
      mode: ctx.info.mode,
      platformUrl: ctx.info.platformUrl?.() ?? null,
      ssrfMode: platform.ssrfMode,
    }),

    'org:get': () => orgDto(platform.organization()),
    'org:set-plan': (raw) =>
      orgDto(platform.setPlan(oneOf(objectInput(raw), 'plan', ['free', 'premium'] as const)!)),
    'workspaces:list': () => platform.workspaces.list().map((w) => ({ id: w.id, name: w.name })),

    'connections:list': () =>
      platform.connections.list().map((c) => connectionDto(c, platform.connections.rotation.status(c.id))),
    'connections:create': async (raw) => {
      const created = await platform.connections.create(connectionInput(raw));
      return changed(created.id, connectionDto(created));
    },
    'connections:update': async (raw) => {
      const input = inputOf(raw, 'connections:update', ['id', 'changes']);
      const id = idOf(input);
      const changes = connectionInput(input.changes, 'changes');
      return changed(id, connectionDto(await platform.connections.update(id, changes)));
    },
    // An empty secret asks the registry to generate a fresh whsec_ one (decisions.md 3).
    'connections:rotate-secret': async (raw) =>
      changed(id(raw), connectionDto(await platform.connections.update(id(raw), { signing_secret: '' }))),
    'connections:delete': (raw) => {
      platform.connections.remove(id(raw));
      return changed(id(raw), { deleted: true as const });
    },
    'connections:test': async (raw) =>
      changed(id(raw), testReportDto(await platform.connections.test(id(raw)))),
    'connections:sync-tools': async (raw) => {
      const input = inputOf(raw, 'connections:sync-tools', ['id', 'workspaceId']);
      const workspaceId = input.workspaceId === null ? null : optionalString(input, 'workspaceId', 200);
      const options = workspaceId === undefined ? {} : { workspaceId };
      return changed(idOf(input), syncReportDto(await platform.connections.syncTools(idOf(input), options)));
    },
    'connections:get-flows': (raw) => {
      const flows = platform.connections.flows(id(raw));
      return { version: flows.version, items: flows.items.map((i) => ({ ...i })) };
    },
    'connections:list-events': (raw) => platform.connections.events(id(raw)).map(orgEventDto),

    'tools:list': (raw) => {
      const input = inputOf(raw, 'tools:list', ['workspaceId', 'connectionId'], { optional: true });
      const filter = definedOnly({
        workspaceId: optionalString(input, 'workspaceId', 200),
        connectionId: optionalString(input, 'connectionId', 200),
      });
      return platform.businessTools.list(filter).map(businessToolDto);
    },

    'console:send': (raw) => consoleSend(ctx, raw),

    ...historyHandlers(ctx),
    ...historyFileHandlers(ctx),
    ...localHandlers(ctx),
    ...runHandlers(ctx),
    ...demoHandlers(ctx),
    ...rotationHandlers(ctx),
    ...listenHandlers(ctx),
    ...scenarioHandlers(ctx),
  };
}

/** The contract's ConnectionInput only; the registry then applies its own full validation. */
function connectionInput(raw: unknown, what = 'the input'): ConnectionInput {
  const input: Obj = objectInput(raw, what);
  onlyKeys(input, CONNECTION_FIELDS, what);
  if (Object.keys(input).length === 0 && what === 'changes')
    throw validationError('changes must name at least one field', 'changes');
  return input as ConnectionInput;
}
