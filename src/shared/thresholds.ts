// The syntax of load thresholds (`p99<200`, `errors<1%`, `rps>=1000`): parsed strictly, shared by
// `ctb load --threshold`, the engine and the app's Load panel so all three accept the same text.

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
