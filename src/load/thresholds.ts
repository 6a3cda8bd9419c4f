// Pass/fail expressions of `ctb load --threshold`: `p99<200` (ms), `p50<=50ms`, `max<1s`,
// `errors<1%` (share) or `errors==0` (count), `rps>=1000`. Parsed strictly; anything else is refused.

import type { LoadReport, ThresholdResult } from './types.ts';

export class ThresholdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThresholdError';
  }
}

type Operator = '<' | '<=' | '>' | '>=' | '==';

export interface Threshold {
  expression: string;
  metric: 'latency' | 'errors' | 'error_rate' | 'rps';
  /** Percentile for latency metrics (50, 99.9, 100 for max, -1 for mean). */
  percentile: number;
  op: Operator;
  /** Limit in ms for latency, percent for error_rate, count for errors, req/s for rps. */
  limit: number;
}

const PATTERN =
  /^(p(?:100|\d{1,2}(?:\.\d+)?)|max|mean|errors|rps)\s*(<=|>=|==|<|>)\s*(\d+(?:\.\d+)?)\s*(ms|s|%)?$/;
const HELP =
  'expected METRIC OP VALUE: p50..p99.9 / max / mean in ms (or s), errors as a count or %, rps; e.g. p99<200, errors<1%, rps>=1000';

export function parseThreshold(expression: string): Threshold {
  const text = expression.trim();
  const m = PATTERN.exec(text);
  if (!m) throw new ThresholdError(`bad threshold "${expression}": ${HELP}`);
  const [, name, op, value, unit] = m;
  const limit = Number(value);
  if (name === 'rps') {
    if (unit)
      throw new ThresholdError(
        `bad threshold "${expression}": rps takes a plain number of requests per second`,
      );
    return { expression: text, metric: 'rps', percentile: 0, op: op as Operator, limit };
  }
  if (name === 'errors') {
    if (unit === 'ms' || unit === 's')
      throw new ThresholdError(`bad threshold "${expression}": errors take a count or a percentage`);
    if (unit === '%' && limit > 100)
      throw new ThresholdError(`bad threshold "${expression}": a percentage is at most 100`);
    return {
      expression: text,
      metric: unit === '%' ? 'error_rate' : 'errors',
      percentile: 0,
      op: op as Operator,
      limit,
    };
  }
  if (unit === '%') throw new ThresholdError(`bad threshold "${expression}": latency takes ms or s, not %`);
  const percentile = name === 'max' ? 100 : name === 'mean' ? -1 : Number(name.slice(1));
  if (percentile === 0)
    throw new ThresholdError(
      `bad threshold "${expression}": p0 is not a useful percentile; use p50..p99.9 or max`,
    );
  return {
    expression: text,
    metric: 'latency',
    percentile,
    op: op as Operator,
    limit: unit === 's' ? limit * 1000 : limit,
  };
}

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
