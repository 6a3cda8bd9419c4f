// Pass/fail expressions of `ctb load --threshold`, evaluated against a finished run. The syntax
// (parseThreshold) lives in src/shared so the app validates with the very same parser.

import { parseThreshold, ThresholdError } from '../shared/thresholds.ts';
import type { Threshold } from '../shared/thresholds.ts';
import type { LoadReport, ThresholdResult } from './types.ts';

export { parseThreshold, ThresholdError };
export type { Threshold };

type Operator = Threshold['op'];

function compare(actual: number, op: Operator, limit: number): boolean {
  switch (op) {
    case '<':
      return actual < limit;
    case '<=':
      return actual <= limit;
    case '>':
      return actual > limit;
    case '>=':
      return actual >= limit;
    case '==':
      return actual === limit;
  }
}

export function evaluateThreshold(
  t: Threshold,
  report: LoadReport,
  latencyAt: (percentile: number) => number,
): ThresholdResult {
  let actual: number;
  let unit: string;
  if (t.metric === 'rps') [actual, unit] = [report.rps, 'req/s'];
  else if (t.metric === 'errors') [actual, unit] = [report.errors.total, 'errors'];
  else if (t.metric === 'error_rate') [actual, unit] = [report.errors.percent, '%'];
  else [actual, unit] = [t.percentile === -1 ? report.latency.mean : latencyAt(t.percentile), 'ms'];
  return { expression: t.expression, ok: compare(actual, t.op, t.limit), actual, unit };
}
