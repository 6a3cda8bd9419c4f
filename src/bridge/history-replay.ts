// `history:replay`: sends a recorded request again, either byte for byte as sent (its old timestamp
// and signature: what a connector does with a replay, or with an aged request) or re-signed now.

import { REQUEST_TYPES, explain, nowSeconds } from '../protocol/index.ts';
import type { RequestType } from '../protocol/index.ts';
import { judgeAnswer } from '../platform/answers.ts';
import { parseJson, rawCall } from '../client/index.ts';
import { exchangeOfCall } from '../platform/exchange-record.ts';
import type { CallResult } from '../client/index.ts';
import type { ExchangeDetailDto } from '../shared/index.ts';
import type { Exchange } from '../store/history.ts';
import { BridgeError } from './errors.ts';
import { diagnosisOf, exchangeOrThrow } from './exchange-detail.ts';
import { detailDto } from './dto.ts';
import { knownSecretOf } from './handler-context.ts';
import type { HandlerContext, KnownSecret } from './handler-context.ts';
import { resendableHeaders, resigned } from './resend-headers.ts';

export type ReplayMode = 'as-sent' | 're-signed';

const REPLAY_TIMEOUT_MS = 30_000;

export async function replayExchange(
  ctx: HandlerContext,
  id: number,
  mode: ReplayMode,
): Promise<ExchangeDetailDto> {
  const original = exchangeOrThrow(ctx, id);
  const known = knownSecretOf(ctx, original);
  if (mode === 're-signed' && !known)
    throw new BridgeError(
      'secret_unknown',
      `exchange #${id} went to a URL typed by hand and the testbench does not keep such secrets: replay it as sent, or send it again from the Console`,
    );
  let headers = resendableHeaders(original.requestHeaders);
  if (mode === 're-signed')
    headers = resigned(headers, known!.secret, String((ctx.now ?? nowSeconds)()), original.requestBody);
  const result = await rawCall(
    { method: original.method, url: targetUrl(ctx, original), headers, body: original.requestBody },
    { timeoutMs: REPLAY_TIMEOUT_MS },
  );
  const newId = record(ctx, original, result, mode, known);
  const e = exchangeOrThrow(ctx, newId);
  return detailDto(e, diagnosisOf(ctx, e));
}

function record(
  ctx: HandlerContext,
  original: Exchange,
  result: CallResult,
  mode: ReplayMode,
  known: KnownSecret | null,
): number {
  const verdict = verdictOf(original.requestType, result);
  // Judged now, against the secret the target holds: an as-sent replay of an old exchange is
  // named for what it is today (timestamp_too_old), not for what it was when first sent.
  const diagnosis = known
    ? explain(result.request.body, result.request.headers, [known.secret], {
        now: Math.floor(result.startedAt / 1000),
        toleranceSeconds: known.toleranceSeconds,
        protocolVersion: known.protocolVersion,
      })
    : null;
  return ctx.engine.history.record(
    exchangeOfCall(result, {
      connectionId: original.connectionId,
      localConnectorId: original.localConnectorId,
      requestType: original.requestType,
      tool: original.tool,
      requestId: original.requestId,
      traceId: original.traceId,
      verdict,
      diagnosis,
      faults: [
        mode === 'as-sent'
          ? `replay of #${original.id} as sent (original timestamp and signature)`
          : `replay of #${original.id}, re-signed with a fresh timestamp`,
      ],
    }),
  );
}

function verdictOf(
  requestType: string | null | undefined,
  result: CallResult,
): { code: string; message: string } {
  const type = REQUEST_TYPES.find((t) => t === requestType);
  const json = parseJson(result);
  if (type)
    return judgeAnswer(type as RequestType, {
      ...result,
      json,
      signing: { timestamp: '', signature: '', canonical: '', secretFingerprint: '', faults: [] },
    });
  if (result.error) return { code: result.error.code, message: result.error.message };
  const status = result.response!.status;
  return status >= 200 && status < 300
    ? { code: 'ok', message: 'ok' }
    : { code: `http_${status}`, message: `the connector answered HTTP ${status}` };
}

/**
 * Outgoing exchanges go where they went. Incoming ones hold only the path a local connector
 * received, so they go to that connector's current address (its port may differ since).
 */
function targetUrl(ctx: HandlerContext, e: Exchange): string {
  if (/^https?:\/\//i.test(e.url)) return e.url;
  const id = e.localConnectorId;
  if (id) {
    let status: { url: string | null } | null = null;
    try {
      status = ctx.host.status(id);
    } catch {
      // Deleted connector: the error below says what to do.
    }
    if (status?.url) return new URL(e.url, status.url).toString();
  }
  throw new BridgeError(
    'not_running',
    'the local connector that received this request is not running: start it, then replay again',
  );
}
