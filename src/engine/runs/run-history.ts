// How a load or a conformance run lands in History: every kept exchange carries the run's label as
// trace id; a load run keeps the sample RunSampler picks (its first requests and the first of each
// kind of failure), a conformance run the requests of each failed check and one of each passed check.

import type { CheckResult, ConformanceExchange } from '../../conformance/index.ts';
import type { LoadExchange, LoadRequestSpec } from '../../load/index.ts';
import { envelopeOf } from '../../store/claimed-envelope.ts';
import type { ExchangeInput, History } from '../../store/history.ts';
import { RunSampler } from '../../store/run-sample.ts';

// For the CLI (`ctb load` labels its run, `ctb connector serve` samples one), which may not import
// the store itself.
export { RunSampler };
export { runLabel } from '../../store/run-sample.ts';

/** What the run kept in History, for the report to point at. */
export interface RunHistory {
  /** The trace id of the run's exchanges: search History for it. */
  label: string;
  kept: number;
}

function envelope(body: Buffer, fallback: { requestType: string | null; tool: string | null }) {
  const claimed = envelopeOf(body);
  return {
    requestType: claimed.requestType ?? fallback.requestType,
    tool: claimed.tool ?? fallback.tool,
    requestId: claimed.requestId,
  };
}

function specType(spec: LoadRequestSpec): { requestType: string | null; tool: string | null } {
  if (spec.kind === 'type') return { requestType: spec.type, tool: null };
  if (spec.kind === 'tool') return { requestType: 'tool.invoke', tool: spec.tool };
  return { requestType: null, tool: null };
}

/** A load run's recorder: called for every request, it records only what the sampler keeps. */
export function loadRunRecorder(history: History | null, label: string, url: string, spec: LoadRequestSpec) {
  const sampler = new RunSampler();
  const state: RunHistory = { label, kept: 0 };
  const fallback = specType(spec);
  const record = (x: LoadExchange): void => {
    if (!history || !sampler.keep(label, x.ok ? 'ok' : (x.code ?? 'error'))) return;
    const input: ExchangeInput = {
      direction: 'outgoing',
      ...envelope(x.body, fallback),
      traceId: label,
      method: 'POST',
      url,
      requestHeaders: x.headers,
      requestBody: x.body,
      responseStatus: x.status,
      responseHeaders: null,
      responseBody: x.answer,
      verdict: x.ok ? 'ok' : (x.code ?? 'error'),
      errorMessage: x.ok ? null : `load run: ${x.code}`,
      timing: { totalMs: x.durationMs },
      startedAt: x.startedAt,
    };
    try {
      history.record(input);
      state.kept++;
    } catch {
      // A full disk must not stop the run: the report still tells the whole story.
    }
  };
  return { record, state };
}

function envelopeCode(body: Buffer): string | null {
  try {
    const v = JSON.parse(body.toString('utf8')) as { type?: unknown; code?: unknown };
    return v?.type === 'error' && typeof v.code === 'string' ? v.code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/** What the connector's answer was, as a History verdict (the check's own verdict is in the message). */
function answerVerdict(x: ConformanceExchange): string {
  if (x.error) return x.error.code;
  const status = x.response?.status ?? 0;
  const code = x.response ? envelopeCode(x.response.body) : null;
  if (code) return code;
  return status >= 200 && status < 300 ? 'ok' : `http_${status}`;
}

/** A conformance run's recorder: after each check, the exchanges History keeps of it. */
export function conformanceRunRecorder(history: History | null, label: string) {
  const state: RunHistory = { label, kept: 0 };
  const record = (check: CheckResult, exchanges: ConformanceExchange[]): void => {
    if (!history || exchanges.length === 0) return;
    const failed = check.outcome === 'fail';
    for (const x of failed ? exchanges : exchanges.slice(0, 1)) {
      try {
        history.record({
          direction: 'outgoing',
          ...envelope(x.request.body, { requestType: null, tool: null }),
          traceId: label,
          method: x.request.method,
          url: x.request.url,
          requestHeaders: x.request.headers,
          requestBody: x.request.body,
          responseStatus: x.response?.status ?? null,
          responseHeaders: x.response?.headers ?? null,
          responseBody: x.response?.body ?? null,
          verdict: answerVerdict(x),
          errorMessage: `conformance check ${check.id} ${failed ? 'FAILED' : check.outcome}: ${check.title}${
            failed ? ` (${check.message})` : ''
          }`,
          timing: { totalMs: x.timeMs },
          startedAt: x.startedAt,
        });
        state.kept++;
      } catch {
        // As for load: History is a record of the run, never a reason to stop it.
      }
    }
  };
  return { record, state };
}
