// Public surface of the conformance suite: runConformance, the report types and the reporters.
// The CLI (ctb conformance) and later the app panel call only what is exported here.

export { DEFAULT_CHECK_TIMEOUT_MS, runConformance, staticCheckIds, summarise } from './runner.ts';
export type {
  CheckLevel,
  CheckOutcome,
  CheckResult,
  ConformanceOptions,
  ConformanceReport,
  ConformanceSummary,
  ReceivedAnswer,
  SentRequest,
} from './types.ts';
export type { Exchange as ConformanceExchange } from './context.ts';
export { formatPrettyLine, formatPrettySummary, toJson, toJunit } from './reporters/index.ts';
