// The engine side of the contract: one function per method of src/shared Methods, each checking
// its input again, calling the engine (its platform or a use-case), and answering the DTOs of src/shared.

import type { ConnectionInput, Handlers } from '../shared/index.ts';
import { businessToolDto, connectionDto, orgEventDto, syncReportDto, testReportDto } from './dto.ts';
import { consoleSend } from './console-send.ts';
import { historyHandlers } from './history-handlers.ts';
import { historyFileHandlers } from './history-file-handlers.ts';
import { demoHandlers } from './demo-handlers.ts';
import { localHandlers } from './local-handlers.ts';
import { runHandlers } from './run-handlers.ts';
import { scenarioHandlers } from './scenario-handlers.ts';
import type { HandlerContext } from './handler-context.ts';
import { idOf, objectInput, oneOf, onlyKeys, optionalString } from './validate.ts';
import type { Obj } from './validate.ts';
import { validationError } from './errors.ts';

export type { HandlerContext } from './handler-context.ts';

const CONNECTION_FIELDS = ['name', 'webhook_url', 'signing_secret', 'enabled', 'workspace_id'] as const;

export function createHandlers(ctx: HandlerContext): Handlers {
  const { platform } = ctx.engine;
  const changed = (id: string) => ctx.hub?.emit('connections:changed', { id });

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

    'connections:list': () => platform.connections.list().map(connectionDto),

    'connections:create': async (raw) => {
      const created = await platform.connections.create(connectionInput(raw));
      changed(created.id);
      return connectionDto(created);
    },

    'connections:update': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['id', 'changes'], 'connections:update');
      const id = idOf(input);
      const updated = await platform.connections.update(id, connectionInput(input.changes, 'changes'));
      changed(id);
      return connectionDto(updated);
    },

    'connections:rotate-secret': async (raw) => {
      const id = idOf(objectInput(raw));
      // An empty secret asks the registry to generate a fresh whsec_ one (decisions.md 3).
      const updated = await platform.connections.update(id, { signing_secret: '' });
      changed(id);
      return connectionDto(updated);
    },

    'connections:delete': (raw) => {
      const id = idOf(objectInput(raw));
      platform.connections.remove(id);
      changed(id);
      return { deleted: true as const };
    },

    'connections:test': async (raw) => {
      const id = idOf(objectInput(raw));
      const report = await platform.connections.test(id);
      changed(id);
      return testReportDto(report);
    },

    'connections:sync-tools': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['id', 'workspaceId'], 'connections:sync-tools');
      const id = idOf(input);
      const workspaceId = input.workspaceId === null ? null : optionalString(input, 'workspaceId', 200);
      const report = await platform.connections.syncTools(
        id,
        workspaceId === undefined ? {} : { workspaceId },
      );
      changed(id);
      return syncReportDto(report);
    },

    'connections:get-flows': (raw) => {
      const flows = platform.connections.flows(idOf(objectInput(raw)));
      return { version: flows.version, items: flows.items.map((i) => ({ ...i })) };
    },

    'connections:list-events': (raw) => platform.connections.events(idOf(objectInput(raw))).map(orgEventDto),

    'tools:list': (raw) => {
      const input = objectInput(raw, 'the input', { optional: true });
      onlyKeys(input, ['workspaceId', 'connectionId'], 'tools:list');
      const filter: { workspaceId?: string; connectionId?: string } = {};
      const workspaceId = optionalString(input, 'workspaceId', 200);
      const connectionId = optionalString(input, 'connectionId', 200);
      if (workspaceId !== undefined) filter.workspaceId = workspaceId;
      if (connectionId !== undefined) filter.connectionId = connectionId;
      return platform.businessTools.list(filter).map(businessToolDto);
    },

    'console:send': (raw) => consoleSend(ctx, raw),

    ...historyHandlers(ctx),
    ...historyFileHandlers(ctx),
    ...localHandlers(ctx),
    ...runHandlers(ctx),
    ...demoHandlers(ctx),
    ...scenarioHandlers(ctx),
  };
}

function orgDto(o: { id: string; name: string; plan: 'free' | 'premium' }) {
  return { id: o.id, name: o.name, plan: o.plan };
}

/** The contract's ConnectionInput only; the registry then applies its own full validation. */
function connectionInput(raw: unknown, what = 'the input'): ConnectionInput {
  const input: Obj = objectInput(raw, what);
  onlyKeys(input, CONNECTION_FIELDS, what);
  if (Object.keys(input).length === 0 && what === 'changes')
    throw validationError('changes must name at least one field', 'changes');
  return input as ConnectionInput;
}
