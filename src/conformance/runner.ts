// runConformance: runs the check catalogue in order against one connector and grades it.
// Checks run one at a time so every answer is attributable and the connector is never flooded.

import { fingerprint, safeText, DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS } from '../protocol/index.ts';
import { ConformanceContext } from './context.ts';
import type { Exchange } from './context.ts';
import type { Verdict } from './expect.ts';
import type { CheckDefinition } from './checks/check.ts';
import { routingChecks } from './checks/routing.ts';
import { discoveryChecks } from './checks/discovery.ts';
import { noToolsCheck, toolChecks, unknownToolCheck } from './checks/invoke.ts';
import { signatureChecks, timestampChecks } from './checks/signature.ts';
import { requestChecks } from './checks/requests.ts';
import { aggregateChecks, contentType } from './checks/aggregate.ts';
import type {
  CheckResult,
  ConformanceOptions,
  ConformanceReport,
  ConformanceSummary,
  ReceivedAnswer,
  SentRequest,
} from './types.ts';

const PREVIEW_BYTES = 2048;
/** Per-request wait of a grading run when the caller names none (CLI flag, app panel). */
export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;
/** Discovery results the per-tool checks are built from. */
const INVOKE_PREREQUISITES = ['discovery.capabilities', 'discovery.tools-list', 'discovery.schemas-compile'];

type Stage = CheckDefinition[] | ((ctx: ConformanceContext) => CheckDefinition[]);

const STAGES: Stage[] = [
  routingChecks,
  discoveryChecks,
  [noToolsCheck, unknownToolCheck],
  toolChecks,
  signatureChecks,
  timestampChecks,
  requestChecks,
  aggregateChecks,
];

/** Every check id known without a connector (per-tool ids are `invoke.valid.<tool>` / `invoke.invalid.<tool>`). */
export function staticCheckIds(): string[] {
  return STAGES.flatMap((s) => (Array.isArray(s) ? s.map((c) => c.id) : []));
}

function matchesOnly(id: string, only: string[] | undefined): boolean {
  if (!only || only.length === 0) return true;
  return only.some((o) => id === o || id.startsWith(o.endsWith('.') ? o : `${o}.`));
}

/** Bodies in a report are readable text, cut at PREVIEW_BYTES with the rest counted. */
function preview(bytes: Buffer): string {
  const body = safeText(bytes, PREVIEW_BYTES);
  return body.text + (body.truncated ? `…[${body.totalBytes - PREVIEW_BYTES} more bytes]` : '');
}

function sentOf(ex: Exchange | null | undefined): SentRequest | null {
  if (!ex) return null;
  return {
    method: ex.request.method,
    url: ex.request.url,
    headers: ex.request.headers,
    body: preview(ex.request.body),
    bodyBytes: ex.request.body.length,
  };
}

function receivedOf(ex: Exchange | null | undefined): ReceivedAnswer | null {
  if (!ex) return null;
  return {
    status: ex.response?.status ?? null,
    contentType: contentType(ex),
    body: ex.response ? preview(ex.response.body) : '',
    bodyBytes: ex.response?.body.length ?? 0,
    error: ex.error ? { code: ex.error.code, message: ex.error.message } : null,
    timeMs: Math.round(ex.timeMs * 10) / 10,
  };
}

async function runOne(ctx: ConformanceContext, check: CheckDefinition): Promise<CheckResult> {
  ctx.currentCheck = check.id;
  const started = performance.now();
  let verdict: Verdict;
  let errored = false;
  try {
    verdict = await check.run(ctx);
  } catch (error) {
    // A check that cannot run must not pass silently.
    errored = true;
    verdict = {
      outcome: 'fail',
      message: `the check could not run: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return {
    id: check.id,
    level: check.level,
    title: check.title,
    reference: check.reference,
    sent: sentOf(verdict.exchange),
    expected: check.expected,
    received: receivedOf(verdict.exchange),
    outcome: verdict.outcome,
    ...(errored ? { errored } : {}),
    message: verdict.message,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

export function summarise(checks: CheckResult[]): ConformanceSummary {
  const failed = checks.filter((c) => c.outcome === 'fail');
  const failedByLevel = { must: 0, should: 0, info: 0 };
  for (const c of failed) failedByLevel[c.level]++;
  return {
    total: checks.length,
    passed: checks.filter((c) => c.outcome === 'pass').length,
    failed: failed.filter((c) => !c.errored).length,
    errors: failed.filter((c) => c.errored).length,
    skipped: checks.filter((c) => c.outcome === 'skip').length,
    failedByLevel,
    conformant: failedByLevel.must === 0,
  };
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const skewSeconds = options.skewSeconds ?? DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS;
  const ctx = new ConformanceContext({
    url: options.url,
    secret: options.secret,
    skewSeconds,
    timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS,
    now: options.now,
    signal: options.signal,
  });
  const wantsInvoke = options.only?.some((o) => o === 'invoke' || o.startsWith('invoke.')) ?? false;
  const selected = (c: CheckDefinition) =>
    matchesOnly(c.id, options.only) || (wantsInvoke && INVOKE_PREREQUISITES.includes(c.id));
  const startedAt = new Date();
  const started = performance.now();
  const results: CheckResult[] = [];
  let known = STAGES.reduce((n, s) => n + (Array.isArray(s) ? s.filter(selected).length : 0), 0);
  for (const stage of STAGES) {
    if (options.signal?.aborted) break;
    const checks = (Array.isArray(stage) ? stage : stage(ctx)).filter(selected);
    if (!Array.isArray(stage)) known += checks.length;
    for (const check of checks) {
      if (options.signal?.aborted) break;
      const sentBefore = ctx.exchanges.length;
      const result = await runOne(ctx, check);
      results.push(result);
      options.onCheckExchanges?.(result, ctx.exchanges.slice(sentBefore));
      options.onProgress?.(result, results.length - 1, known);
    }
  }
  const aborted = options.signal?.aborted ?? false;
  const summary = summarise(results);
  // A cancelled run proves nothing either way.
  if (aborted) summary.conformant = false;
  return {
    url: options.url,
    secretFingerprint: fingerprint(options.secret),
    skewSeconds,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    checks: results,
    summary,
    aborted,
  };
}
