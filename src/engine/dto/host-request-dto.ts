// A local connector's live request event -> the 'host:request' payload of the contract: the row
// the request log draws, and one verdict line ("invalid_signature: signature_mismatch — ...").

import type { HostRequestEvent } from '../../connector/host/index.ts';
import type { HostRequestEventDto } from '../../shared/index.ts';

export function hostRequestDto(e: HostRequestEvent): HostRequestEventDto {
  return {
    localConnectorId: e.connectorId,
    exchangeId: e.exchangeId,
    summary: {
      // 0 for a request History did not keep: the summary is the live log's row, never looked up.
      id: e.exchangeId ?? 0,
      direction: 'incoming',
      connectionId: null,
      localConnectorId: e.connectorId,
      requestType: e.requestType,
      tool: e.tool,
      requestId: e.requestId,
      traceId: e.traceId,
      method: e.method,
      url: e.path,
      responseStatus: e.status,
      verdict: e.verdict,
      durationMs: e.durationMs,
      startedAt: e.startedAt,
    },
    verdictText: verdictText(e),
  };
}

export function verdictText(
  e: Pick<HostRequestEvent, 'verdict' | 'verification' | 'diagnosis' | 'fault'>,
): string {
  let text = e.verdict;
  const failed = e.verification && !e.verification.valid ? e.verification.failedCheck : null;
  if (failed && failed !== e.verdict) text += `: ${failed}`;
  const cause = e.diagnosis?.cause?.title;
  if (cause) text += ` — ${cause}`;
  else if (e.fault) text += ` — ${e.fault}`;
  return text;
}
