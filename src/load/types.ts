// Types of a signed load run: what to send and how hard, the once-per-second progress, and the
// final report (throughput, latency percentiles and series, errors by code, threshold verdicts).

export type LoadRequestSpec =
  | { kind: 'type'; type: 'ping' | 'capabilities.list' | 'tools.list' }
  | { kind: 'tool'; tool: string; parameters: Record<string, unknown> }
  /** Exact body bytes (--body-file), re-signed with a fresh timestamp per request. */
  | { kind: 'body'; body: Buffer };

export interface LoadOptions {
  url: string;
  secret: string;
  request: LoadRequestSpec;
  /** Concurrent keep-alive connections; default 10. */
  connections?: number;
  /** Run for this long (default 10 s when `requests` is not given). */
  durationMs?: number;
  /** Send exactly this many requests. */
  requests?: number;
  /** Constant arrival rate in requests per second (open model; latency from the intended send time). */
  rate?: number;
  /** Per-request timeout; default 30 s, the platform's own limit. */
  timeoutMs?: number;
  /** Threshold expressions (`p99<200`, `errors<1%`, `rps>=1000`), already validated or not. */
  thresholds?: string[];
  signal?: AbortSignal;
  /** Sent as x-service-trace-id on every request: the run's label, so both ends can tell its traffic. */
  traceId?: string;
}

export interface LatencySummary {
  /** Milliseconds with microsecond precision. */
  min: number;
  mean: number;
  stdev: number;
  p50: number;
  p75: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
}

export interface ErrorBucket {
  /** Display key: `401 invalid_signature`, `200 unknown_tool`, `HTTP 503`, `timeout`... */
  key: string;
  kind: 'http' | 'envelope' | 'network';
  status: number | null;
  code: string | null;
  count: number;
}

export interface TimelinePoint {
  /** Seconds since the start (end of this one-second slice). */
  second: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ThresholdResult {
  expression: string;
  ok: boolean;
  /** The measured value, in the unit of the expression (ms, %, count, req/s). */
  actual: number;
  unit: string;
}

export interface LoadReport {
  url: string;
  request: string;
  connections: number;
  rate: number | null;
  /** Whether latency was measured from the intended send time (open model with --rate). */
  coordinatedOmissionCorrected: boolean;
  startedAt: string;
  durationMs: number;
  requests: number;
  ok: number;
  rps: number;
  bytesSent: number;
  bytesReceived: number;
  latency: LatencySummary;
  /** Percentile -> milliseconds, dense near the tail, for a latency-by-percentile chart. */
  percentiles: Array<{ percentile: number; ms: number }>;
  timeline: TimelinePoint[];
  errors: { total: number; percent: number; byCode: ErrorBucket[] };
  thresholds: ThresholdResult[];
  /** True when every threshold holds. */
  passed: boolean;
}

export interface LoadProgress {
  elapsedMs: number;
  /** Planned length when known (duration, or count / rate). */
  plannedMs: number | null;
  requests: number;
  errors: number;
  /** Requests per second over the last slice. */
  rps: number;
  point: TimelinePoint;
}

/** One request of a run and what came back, for a caller that keeps a sample of them. */
export interface LoadExchange {
  headers: Array<[string, string]>;
  body: Buffer;
  /** Null when no answer came (a network failure or a timeout). */
  status: number | null;
  answer: Buffer | null;
  ok: boolean;
  /** The error bucket's code (`invalid_signature`, `timeout`...) or `http_<status>`; null when ok. */
  code: string | null;
  /** Epoch milliseconds. */
  startedAt: number;
  durationMs: number;
}

export interface LoadHooks {
  onProgress?: (progress: LoadProgress) => void;
  /** Called for every request; keep it cheap (it runs at the run's full rate). */
  onExchange?: (exchange: LoadExchange) => void;
}
