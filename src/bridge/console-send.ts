// `console:send` at the bridge: the engine checks the console's input and sends it
// (src/engine/console-send.ts); the History row it answers is mapped to the contract's DTO.

import { parseConsoleSend, sendFromConsole } from '../engine/console-send.ts';
import { parseTargetRef, resolveCallTarget } from '../engine/call-target.ts';
import type { CallDeps, ResolvedTarget } from '../engine/call-target.ts';
import type { ExchangeDetailDto } from '../shared/index.ts';
import { detailOf } from './exchange-detail.ts';
import type { HandlerContext } from './handler-context.ts';

/** The engine parts the call use-cases need, from a handler context. */
export const callDeps = (ctx: HandlerContext): CallDeps => ({
  platform: ctx.engine.platform,
  history: ctx.engine.history,
  host: ctx.engine.host,
  now: ctx.now,
});

export const consoleSend = async (ctx: HandlerContext, raw: unknown): Promise<ExchangeDetailDto> =>
  detailOf(ctx, await sendFromConsole(callDeps(ctx), parseConsoleSend(raw)));

/** A `{kind, ...}` target of the console, conformance and load forms, checked and resolved. */
export const resolveTarget = (ctx: HandlerContext, raw: unknown): ResolvedTarget =>
  resolveCallTarget(callDeps(ctx), parseTargetRef(raw));
