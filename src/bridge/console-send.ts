// `console:send`: one signed request from the UI's console to a connection, a local connector or a
// typed URL, through the signing client (faults included), recorded in History and explained.

import { randomUUID } from 'node:crypto';
import {
  DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  HEADER_TENANT_ID,
  HEADER_TRACE_ID,
  HEADER_WORKSPACE_ID,
  PROTOCOL_VERSION,
  REQUEST_TYPES,
  explain,
} from '../protocol/index.ts';
import type { JsonObject, RequestType } from '../protocol/index.ts';
import { buildRequest, signedCall } from '../client/index.ts';
import { exchangeOfCall } from '../platform/exchange-record.ts';
import type { CallResult, Faults, SignedCallResult } from '../client/index.ts';
import { judgeAnswer } from '../platform/answers.ts';
import type { ConsoleSendInput, DiagnosisDto, ExchangeDetailDto } from '../shared/index.ts';
import { BridgeError, validationError } from './errors.ts';
import { detailDto } from './dto.ts';
import { exchangeOrThrow } from './exchange-detail.ts';
import type { HandlerContext, KnownSecret } from './handler-context.ts';
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

const DEFAULT_TIMEOUT_MS = 30_000;
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

interface ResolvedTarget extends KnownSecret {
  url: string;
  connectionId: string | null;
  localConnectorId: string | null;
  workspaceId: string | null;
  timeoutMs: number;
}

export async function consoleSend(ctx: HandlerContext, raw: unknown): Promise<ExchangeDetailDto> {
  const input = parseConsoleInput(raw);
  const target = resolveTarget(ctx, input.target);
  const org = ctx.engine.platform.organization();
  const request = buildRequest(input.type as RequestType, {
    organization_id: org.id,
    ...(input.tool !== undefined ? { tool: input.tool } : {}),
    ...(input.parameters ? { parameters: input.parameters as JsonObject } : {}),
    ...(input.identity ? { identity: input.identity as JsonObject } : {}),
    ...(input.conversationId ? { conversation_id: input.conversationId } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
  });
  const traceId = randomUUID();
  const headers: Record<string, string> = { [HEADER_TRACE_ID]: traceId, [HEADER_TENANT_ID]: org.id };
  if (target.workspaceId) headers[HEADER_WORKSPACE_ID] = target.workspaceId;
  const result = await signedCall({
    url: target.url,
    secret: target.secret,
    body: request,
    headers,
    faults: input.faults as Faults | undefined,
    timeoutMs: target.timeoutMs,
  });
  const common = {
    target,
    type: input.type as RequestType,
    tool: request.type === 'tool.invoke' ? request.tool : null,
    requestId: request.request_id,
    traceId,
  };
  if (result.original) record(ctx, common, { ...result, ...result.original }, 1);
  const id = record(ctx, common, result, result.original ? 2 : 1);
  const e = exchangeOrThrow(ctx, id);
  return detailDto(e, e.diagnosis as DiagnosisDto);
}

interface Common {
  target: ResolvedTarget;
  type: RequestType;
  tool: string | null;
  requestId: string;
  traceId: string;
}

function record(
  ctx: HandlerContext,
  c: Common,
  result: SignedCallResult & CallResult,
  attempt: number,
): number {
  const verdict = judgeAnswer(c.type, result);
  // Explained as sent, against the secret the target really holds: a wrong-secret, tampered or
  // skewed request is named by the check it fails, at the moment it was sent.
  const diagnosis = explain(result.request.body, result.request.headers, [c.target.secret], {
    now: Math.floor(result.startedAt / 1000),
    toleranceSeconds: c.target.toleranceSeconds,
    protocolVersion: c.target.protocolVersion,
  });
  return ctx.engine.history.record(
    exchangeOfCall(result, {
      connectionId: c.target.connectionId,
      localConnectorId: c.target.localConnectorId,
      requestType: c.type,
      tool: c.tool,
      requestId: c.requestId,
      traceId: c.traceId,
      verdict,
      diagnosis,
      attempt,
      faults: result.signing.faults,
    }),
  );
}

export function resolveTarget(ctx: HandlerContext, t: Obj): ResolvedTarget {
  const base = { toleranceSeconds: DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, protocolVersion: PROTOCOL_VERSION };
  if (t.kind === 'connection') {
    const id = idOf(t);
    const view = ctx.engine.platform.connections.get(id);
    if (!view.webhook_url)
      throw validationError(`connection "${view.name}" has no webhook_url; set one first`, 'target');
    return {
      ...base,
      url: view.webhook_url,
      secret: ctx.engine.platform.connections.secretOf(id),
      connectionId: id,
      localConnectorId: null,
      workspaceId: view.workspace_id,
      timeoutMs: view.timeout_ms,
    };
  }
  if (t.kind === 'local') {
    const id = idOf(t);
    const definition = ctx.host.get(id).definition;
    const status = ctx.host.status(id);
    if (status.state !== 'running' || !status.url)
      throw new BridgeError(
        'not_running',
        `local connector "${definition.name}" is not running; start it first`,
      );
    return {
      url: status.url,
      secret: definition.signingSecret,
      toleranceSeconds: definition.maxTimestampSkewSeconds,
      protocolVersion: definition.protocolVersion,
      connectionId: null,
      localConnectorId: id,
      workspaceId: null,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    };
  }
  return {
    ...base,
    url: httpUrl(requiredString(t, 'url'), 'target.url'),
    secret: requiredString(t, 'secret', 1024),
    connectionId: null,
    localConnectorId: null,
    workspaceId: null,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
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
