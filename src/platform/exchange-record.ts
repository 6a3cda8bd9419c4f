// The history record of one call the signing client made: the raw request and answer as they
// crossed the wire, plus what the caller judged of them. One mapping for every caller.

import type { ExchangeInput } from '../store/history.ts';
import type { CallResult, ExchangeDiagnosis } from '../client/index.ts';

export interface CallJudgement {
  connectionId?: string | null;
  localConnectorId?: string | null;
  requestType?: string | null;
  tool?: string | null;
  requestId?: string | null;
  traceId?: string | null;
  /** `ok`, or the error code that ended the exchange. */
  verdict: { code: string; message: string };
  /** The one stored shape (src/client/diagnosis.ts); null when there is nothing to say. */
  diagnosis?: ExchangeDiagnosis | null;
  attempt?: number;
  faults?: string[] | null;
}

export function exchangeOfCall(result: CallResult, judged: CallJudgement): ExchangeInput {
  return {
    direction: 'outgoing',
    connectionId: judged.connectionId ?? null,
    localConnectorId: judged.localConnectorId ?? null,
    requestType: judged.requestType ?? null,
    tool: judged.tool ?? null,
    requestId: judged.requestId ?? null,
    traceId: judged.traceId ?? null,
    method: result.request.method,
    url: result.request.url,
    requestHeaders: result.request.headers,
    requestBody: result.request.body,
    responseStatus: result.response?.status ?? null,
    responseHeaders: result.response?.headers ?? null,
    responseBody: result.response?.body ?? null,
    verdict: judged.verdict.code,
    errorMessage: judged.verdict.code === 'ok' ? null : judged.verdict.message,
    diagnosis: judged.diagnosis ?? null,
    timing: result.timing,
    attempt: judged.attempt ?? 1,
    faults: judged.faults && judged.faults.length ? judged.faults : null,
    startedAt: result.startedAt,
  };
}
