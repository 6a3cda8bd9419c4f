// The engine side of the contract: one function per method of src/shared Methods, each checking
// its input again, calling the engine (its platform or a use-case), and answering the DTOs of src/shared.

import type { Handlers } from '../shared/index.ts';
import {
  businessToolDto,
  connectionDto,
  orgDto,
  orgEventDto,
  syncReportDto,
  testReportDto,
} from '../engine/dto/contract-dto.ts';
import { callDepsOf } from '../engine/call-target.ts';
import {
  connectionInputOf,
  connectionUpdateOf,
  syncToolsOf,
  toolsFilterOf,
} from '../engine/connection-input.ts';
import { parseConsoleSend, sendFromConsole } from '../engine/console-send.ts';
import { exchangeDetailOf } from '../engine/history/inspect.ts';
import { historyHandlers } from './history-handlers.ts';
import { historyFileHandlers } from './history-file-handlers.ts';
import { demoHandlers } from './demo-handlers.ts';
import { localHandlers } from './local-handlers.ts';
import { runHandlers } from './run-handlers.ts';
import { rotationHandlers } from './rotation-handlers.ts';
import { listenHandlers } from './listen-handlers.ts';
import { scenarioHandlers } from './scenario-handlers.ts';
import type { HandlerContext } from './handler-context.ts';
import { idOf, objectInput, oneOf } from '../engine/input.ts';

export type { HandlerContext } from './handler-context.ts';

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
      const created = await platform.connections.create(connectionInputOf(raw));
      return changed(created.id, connectionDto(created));
    },
    'connections:update': async (raw) => {
      const { id, changes } = connectionUpdateOf(raw);
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
      const { id, options } = syncToolsOf(raw);
      return changed(id, syncReportDto(await platform.connections.syncTools(id, options)));
    },
    'connections:get-flows': (raw) => {
      const flows = platform.connections.flows(id(raw));
      return { version: flows.version, items: flows.items.map((i) => ({ ...i })) };
    },
    // Refused (unsigned, forged) events are notes with a reason, not events: the REST list keeps them.
    'connections:list-events': (raw) =>
      platform.connections
        .events(id(raw))
        .filter((e) => e.verified)
        .map(orgEventDto),

    'tools:list': (raw) => platform.businessTools.list(toolsFilterOf(raw)).map(businessToolDto),

    'console:send': async (raw) => {
      const sent = await sendFromConsole(callDepsOf(ctx.engine, ctx.now), parseConsoleSend(raw));
      return exchangeDetailOf(ctx.engine, sent);
    },

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
