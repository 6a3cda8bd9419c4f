// The console's send use-case: one signed request to a connection, a local connector or a typed
// URL, through the manager's one call path (faults, SSRF, History), answered as the History row.

import { buildRequest } from '../client/index.ts';
import type { Faults } from '../client/index.ts';
import { REQUEST_TYPES } from '../protocol/index.ts';
import type { JsonObject, RequestType } from '../protocol/index.ts';
import type { Exchange } from '../store/history.ts';
import { parseTargetRef, resolveCallTarget } from './call-target.ts';
import { validationError } from './errors.ts';
import {
  objectInput,
  oneOf,
  onlyKeys,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
} from './input.ts';
import type { CallDeps, TargetRef } from './call-target.ts';

export interface ConsoleSendRequest {
  target: TargetRef;
  type: RequestType;
  tool?: string;
  parameters?: JsonObject;
  identity?: JsonObject;
  conversationId?: string;
  channel?: string;
  faults?: Faults;
}

/** Sends once (a person is watching: no retries) and answers the History row of the delivery. */
export async function sendFromConsole(deps: CallDeps, input: ConsoleSendRequest): Promise<Exchange> {
  const target = resolveCallTarget(deps, input.target);
  const request = buildRequest(input.type, {
    organization_id: target.tenantId,
    ...(input.tool !== undefined ? { tool: input.tool } : {}),
    ...(input.parameters ? { parameters: input.parameters } : {}),
    ...(input.identity ? { identity: input.identity } : {}),
    ...(input.conversationId ? { conversation_id: input.conversationId } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
  });
  const manager = deps.platform.manager;
  const result = await manager.send(
    target,
    { kind: 'signed', request },
    { faults: input.faults, maxAttempts: 1 },
  );
  return committedExchange(deps, await manager.committedIds(result));
}

/** The last History row of a call (with a replay fault, the second delivery). */
export function committedExchange(deps: Pick<CallDeps, 'history'>, ids: number[]): Exchange {
  const id = ids[ids.length - 1];
  const e = id === undefined ? null : deps.history.get(id);
  if (!e) throw new Error(`history row ${String(id)} of a call is missing`);
  return e;
}

/** The console's input as the UI sends it, checked field by field (the UI is never trusted). */
export function parseConsoleSend(raw: unknown): ConsoleSendRequest {
  const input = objectInput(raw);
  onlyKeys(
    input,
    ['target', 'type', 'tool', 'parameters', 'identity', 'conversationId', 'channel', 'faults'],
    'console:send',
  );
  const target = parseTargetRef(input.target);
  const type = oneOf(input, 'type', REQUEST_TYPES)!;
  const tool =
    type === 'tool.invoke' ? requiredString(input, 'tool', 200) : optionalString(input, 'tool', 200);
  const parameters = optionalObject(input, 'parameters') as JsonObject | undefined;
  const identity = optionalObject(input, 'identity') as JsonObject | undefined;
  const conversationId = optionalString(input, 'conversationId', 200);
  const channel = optionalString(input, 'channel', 100);
  const faults = parseFaults(input.faults);
  return {
    target,
    type,
    ...(tool !== undefined ? { tool } : {}),
    ...(parameters ? { parameters } : {}),
    ...(identity ? { identity } : {}),
    ...(conversationId ? { conversationId } : {}),
    ...(channel ? { channel } : {}),
    ...(faults ? { faults } : {}),
  };
}

const TEN_YEARS_S = 10 * 365 * 24 * 3600;
const FAULT_FIELDS = [
  'skewOffsetSeconds',
  'wrongSecret',
  'tamperBody',
  'dropHeaders',
  'headerCase',
  'protocolVersion',
  'replay',
];

function parseFaults(raw: unknown): Faults | undefined {
  if (raw === undefined || raw === null) return undefined;
  const f = objectInput(raw, 'faults');
  onlyKeys(f, FAULT_FIELDS, 'faults');
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
