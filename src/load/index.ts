// Public surface of the signed load engine: runLoad, the threshold parser and the report types.
// The CLI (ctb load), the benchmark and later the app panel call only what is exported here.

export { runLoad, DEFAULT_CONNECTIONS, DEFAULT_DURATION_MS } from './engine.ts';
export { parseThreshold, ThresholdError } from './thresholds.ts';
export type { Threshold } from './thresholds.ts';
export { formatLoadProgress, formatLoadReport } from './format.ts';
export type {
  ErrorBucket,
  LatencySummary,
  LoadExchange,
  LoadHooks,
  LoadOptions,
  LoadProgress,
  LoadReport,
  LoadRequestSpec,
  ThresholdResult,
  TimelinePoint,
} from './types.ts';
