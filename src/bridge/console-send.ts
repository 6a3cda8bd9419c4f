// `console:send` at the bridge: validates the console's input, calls the engine's send use-case
// (src/engine/console-send.ts) and maps the History row it answers to the contract's DTO.

import { REQUEST_TYPES } from '../protocol/index.ts';
import type { JsonObject, RequestType } from '../protocol/index.ts';
import type { Faults } from '../client/index.ts';
import { sendFromConsole } from '../engine/console-send.ts';
import { resolveCallTarget } from '../engine/call-target.ts';
import type { CallDeps, ResolvedTarget, TargetRef } from '../engine/call-target.ts';
import type { ConsoleSendInput, ExchangeDetailDto } from '../shared/index.ts';
import { validationError } from './errors.ts';
import { detailDto } from './dto.ts';
import { diagnosisOf } from './exchange-detail.ts';
import type { HandlerContext } from './handler-context.ts';
import {
  httpUrl,
  idOf,
  objectInput,
  oneOf,
  onlyKeys,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
} from './validate.ts';
import type { Obj } from './validate.ts';

const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/** The engine parts the call use-cases need, from a handler context. */
export function callDeps(ctx: HandlerContext): CallDeps {
  return { platform: ctx.engine.platform, history: ctx.engine.history, host: ctx.host, now: ctx.now };
}

export async function consoleSend(ctx: HandlerContext, raw: unknown): Promise<ExchangeDetailDto> {
  const input = parseConsoleInput(raw);
  const e = await sendFromConsole(callDeps(ctx), {
    target: targetRef(input.target),
    type: input.type as RequestType,
    ...(input.tool !== undefined ? { tool: input.tool } : {}),
    ...(input.parameters ? { parameters: input.parameters as JsonObject } : {}),
    ...(input.identity ? { identity: input.identity as JsonObject } : {}),
    ...(input.conversationId ? { conversationId: input.conversationId } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
    ...(input.faults ? { faults: input.faults as Faults } : {}),
  });
  return detailDto(e, diagnosisOf(ctx, e));
}

/** A validated `{kind, ...}` target of the console, conformance and load forms. */
export function targetRef(t: Obj): TargetRef {
  if (t.kind === 'connection') return { kind: 'connection', id: idOf(t) };
  if (t.kind === 'local') return { kind: 'local', id: idOf(t) };
  return {
    kind: 'url',
    url: httpUrl(requiredString(t, 'url'), 'target.url'),
    secret: requiredString(t, 'secret', 1024),
  };
}

export function resolveTarget(ctx: HandlerContext, t: Obj): ResolvedTarget {
  return resolveCallTarget(callDeps(ctx), targetRef(t));
}

function parseConsoleInput(raw: unknown): Omit<ConsoleSendInput, 'target'> & { target: Obj } {
  const input = objectInput(raw);
  onlyKeys(
    input,
    ['target', 'type', 'tool', 'parameters', 'identity', 'conversationId', 'channel', 'faults'],
    'console:send',
  );
  const target = objectInput(input.target, 'target');
  oneOf(target, 'kind', ['connection', 'local', 'url'] as const);
  const type = oneOf(input, 'type', REQUEST_TYPES)!;
  const tool =
    type === 'tool.invoke' ? requiredString(input, 'tool', 200) : optionalString(input, 'tool', 200);
  return {
    target,
    type,
    tool,
    parameters: optionalObject(input, 'parameters'),
    identity: optionalObject(input, 'identity'),
    conversationId: optionalString(input, 'conversationId', 200),
    channel: optionalString(input, 'channel', 100),
    faults: parseFaults(input.faults),
  };
}

function parseFaults(raw: unknown): Faults | undefined {
  if (raw === undefined || raw === null) return undefined;
  const f = objectInput(raw, 'faults');
  onlyKeys(
    f,
    [
      'skewOffsetSeconds',
      'wrongSecret',
      'tamperBody',
      'dropHeaders',
      'headerCase',
      'protocolVersion',
      'replay',
    ],
    'faults',
  );
  const drop = f.dropHeaders;
  if (
    drop !== undefined &&
    (!Array.isArray(drop) || drop.length > 20 || drop.some((h) => typeof h !== 'string' || h.length > 100))
  )
    throw validationError('faults.dropHeaders must be a list of header names', 'faults.dropHeaders');
  return {
    skewOffsetSeconds: optionalInteger(f, 'skewOffsetSeconds', -TEN_YEARS_S, TEN_YEARS_S),
    wrongSecret: optionalBoolean(f, 'wrongSecret'),
    tamperBody: optionalBoolean(f, 'tamperBody'),
    dropHeaders: drop as string[] | undefined,
    headerCase: oneOf(f, 'headerCase', ['upper', 'lower', 'mixed'] as const, { optional: true }),
    protocolVersion: optionalString(f, 'protocolVersion', 20),
    replay: optionalBoolean(f, 'replay'),
  };
}
