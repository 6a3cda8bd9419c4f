// One terminal line per request `ctb listen` forwarded: time, path, request, verdict with its cause
// (or which secret matched), status and duration. Local output only.

import type { ListenEvent } from '../engine/listen-proxy.ts';

export function listenLine(e: ListenEvent): string {
  const time = new Date(e.startedAt).toTimeString().slice(0, 8);
  const request = e.requestType
    ? e.tool && e.requestType === 'tool.invoke'
      ? `${e.requestType} ${e.tool}`
      : e.requestType
    : '-';
  let verdict = e.verdict;
  if (e.verdict === 'invalid_signature') {
    const d = e.diagnosis;
    verdict = `invalid_signature: ${d.failedCheck ?? 'signature_mismatch'} — ${d.cause?.title ?? d.summary}`;
  } else if (e.matchedSecret !== null) verdict += ` (secret #${e.matchedSecret + 1})`;
  return [
    time,
    `${e.method} ${e.path}`,
    request,
    verdict,
    String(e.status),
    `${e.durationMs.toFixed(1)} ms`,
  ].join('  ');
}
