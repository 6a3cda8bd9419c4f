// The Load form turned into a `load:run` input, or the inline problems that stop it (guard rails
// from src/shared LOAD_LIMITS, thresholds checked by the CLI's own parser); progress derivations.

import { LOAD_LIMITS, ThresholdError, parseThreshold } from '../../../../shared/index.ts';
import type { LoadRunInput, TargetDto } from '../../../../shared/index.ts';
import { parseJsonObject } from '../../lib/json-input.ts';
import type { LoadFieldErrors, LoadState } from './initialState.ts';

export function splitThresholds(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** One message per bad expression, from the parser `ctb load --threshold` uses. */
export function thresholdProblems(text: string): string[] {
  const out: string[] = [];
  const list = splitThresholds(text);
  if (list.length > LOAD_LIMITS.maxThresholds) out.push(`At most ${LOAD_LIMITS.maxThresholds} thresholds.`);
  for (const t of list) {
    try {
      parseThreshold(t);
    } catch (e) {
      out.push(e instanceof ThresholdError ? e.message : String(e));
    }
  }
  return out;
}

function whole(text: string, min: number, max: number, name: string, capNote: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `${name} is a whole number.`;
  const n = Number(t);
  if (n < min) return `${name} is at least ${min}.`;
  if (n > max) return `${name} is capped at ${max} ${capNote}.`;
  return n;
}

export function buildLoadInput(
  s: LoadState,
  target: TargetDto | null,
): { ok: true; input: LoadRunInput } | { ok: false; errors: LoadFieldErrors } {
  const errors: LoadFieldErrors = {};
  if (!target) errors.target = 'Pick a target first.';
  const input: Partial<LoadRunInput> = {};
  if (s.requestKind === 'tool.invoke') {
    const params = parseJsonObject(s.paramsText, 'Parameters');
    if (s.tool.trim() === '') errors.tool = 'Pick the tool to invoke.';
    if (!params.ok) errors.parameters = params.message;
    else input.request = { kind: 'tool', tool: s.tool.trim(), parameters: params.value };
  } else input.request = { kind: 'type', type: s.requestKind };
  const connections = whole(s.connectionsText, 1, LOAD_LIMITS.maxConnections, 'Connections', 'in the app');
  if (typeof connections === 'string') errors.connections = connections;
  else input.connections = connections;
  if (s.mode === 'duration') {
    const seconds = whole(
      s.durationText,
      1,
      LOAD_LIMITS.maxDurationMs / 1000,
      'The duration (s)',
      'seconds in the app',
    );
    if (typeof seconds === 'string') errors.duration = seconds;
    else input.durationMs = seconds * 1000;
  } else {
    const requests = whole(
      s.requestsText,
      1,
      LOAD_LIMITS.maxRequests,
      'The number of requests',
      'in the app',
    );
    if (typeof requests === 'string') errors.requests = requests;
    else input.requests = requests;
  }
  if (s.rateText.trim() !== '') {
    const rate = Number(s.rateText.trim().replace(/\/s$/, ''));
    if (!Number.isFinite(rate) || rate <= 0)
      errors.rate = 'The rate is a number of requests per second above 0, or empty.';
    else if (rate > LOAD_LIMITS.maxRate)
      errors.rate = `The rate is capped at ${LOAD_LIMITS.maxRate} requests/s.`;
    else input.rate = rate;
  }
  const problems = thresholdProblems(s.thresholdsText);
  if (problems.length) errors.thresholds = problems.join(' ');
  else input.thresholds = splitThresholds(s.thresholdsText);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { ...input, target: target! } as LoadRunInput };
}

/** Progress in [0, 1] from the planned duration or the planned count. */
export function loadFraction(s: LoadState): number {
  const p = s.progress;
  if (!p) return 0;
  if (p.plannedRequests) return Math.min(1, p.requests / p.plannedRequests);
  if (p.plannedMs) return Math.min(1, p.elapsedMs / p.plannedMs);
  return 0;
}

export function formatMs(value: number): string {
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}
