// Contract shapes of the long runs the app starts (conformance grading, signed load): inputs,
// pushed progress, final reports, and the guard-rail limits the UI and the engine both enforce.

import type { TargetDto } from './types.ts';

/** A run id: chosen by the UI (so it can cancel before the run answers) or made by the engine. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// ---- conformance ----

export type CheckLevelDto = 'must' | 'should' | 'info';
export type CheckOutcomeDto = 'pass' | 'fail' | 'skip';

export interface ConformanceRunInput {
  runId?: string;
  target: TargetDto;
  /** The connector's replay window under test; default 300 (a local connector: its own setting). */
  skewSeconds?: number;
  /** Per-request timeout in ms; default 10 000. */
  timeoutMs?: number;
}

export interface CheckResultDto {
  id: string;
  level: CheckLevelDto;
  title: string;
  reference: string;
  /** What the suite sent: a safe preview (escaped, cut), never the secret. */
  sent: {
    method: string;
    url: string;
    headers: Array<[string, string]>;
    body: string;
    bodyBytes: number;
  } | null;
  expected: string;
  received: {
    status: number | null;
    contentType: string | null;
    body: string;
    bodyBytes: number;
    error: { code: string; message: string } | null;
    timeMs: number;
  } | null;
  outcome: CheckOutcomeDto;
  /** True when the check itself could not run (a JUnit <error>): the outcome is then `fail`. */
  errored?: boolean;
  message: string;
  durationMs: number;
}

/** The trace id of a run's exchanges in History (the engine's src/store/run-sample.ts writes them). */
export const RUN_LABEL_PATTERN = /^(load|conformance|scenario)-run:/;

/** Where a run's exchanges are in History: the trace id they carry (search for it) and how many. */
export interface RunHistoryDto {
  label: string;
  /** A load run keeps a sample and each kind of failure; a conformance run its failed checks' requests. */
  kept: number;
}

export interface ConformanceReportDto {
  runId: string;
  history: RunHistoryDto;
  url: string;
  secretFingerprint: string;
  skewSeconds: number;
  startedAt: string;
  durationMs: number;
  checks: CheckResultDto[];
  summary: {
    total: number;
    passed: number;
    failed: number;
    /** Checks that could not run at all, counted apart from `failed`. */
    errors: number;
    skipped: number;
    failedByLevel: Record<CheckLevelDto, number>;
    /** Never true for a cancelled run. */
    conformant: boolean;
  };
  aborted: boolean;
  /** Set when no check got any HTTP answer: the connector is most likely not running. */
  unreachable: string | null;
}

export interface ConformanceProgressDto {
  runId: string;
  check: CheckResultDto;
  index: number;
  /** Checks known so far (per-tool checks join once the tools are discovered). */
  total: number;
}

// ---- load ----

export const LOAD_LIMITS = {
  maxDurationMs: 120_000,
  maxConnections: 256,
  maxRequests: 1_000_000,
  maxRate: 100_000,
  maxThresholds: 20,
} as const;

export type LoadRequestDto =
  | { kind: 'type'; type: 'ping' | 'capabilities.list' | 'tools.list' }
  | { kind: 'tool'; tool: string; parameters: Record<string, unknown> };

export interface LoadRunInput {
  runId?: string;
  target: TargetDto;
  request: LoadRequestDto;
  connections: number;
  /** Exactly one of durationMs and requests. */
  durationMs?: number;
  requests?: number;
  rate?: number;
  thresholds?: string[];
  /** Load goes only to loopback targets unless the user confirmed this other host. */
  allowNonLoopback?: boolean;
}

export interface LoadTimelinePointDto {
  second: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadReportDto {
  runId: string;
  history: RunHistoryDto;
  url: string;
  request: string;
  connections: number;
  rate: number | null;
  coordinatedOmissionCorrected: boolean;
  startedAt: string;
  durationMs: number;
  requests: number;
  ok: number;
  rps: number;
  bytesSent: number;
  bytesReceived: number;
  latency: Record<'min' | 'mean' | 'stdev' | 'p50' | 'p75' | 'p90' | 'p95' | 'p99' | 'p999' | 'max', number>;
  percentiles: Array<{ percentile: number; ms: number }>;
  timeline: LoadTimelinePointDto[];
  errors: {
    total: number;
    percent: number;
    byCode: Array<{
      key: string;
      kind: 'http' | 'envelope' | 'network';
      status: number | null;
      code: string | null;
      count: number;
    }>;
  };
  thresholds: Array<{ expression: string; ok: boolean; actual: number; unit: string }>;
  passed: boolean;
  /** True when the user cancelled: the report covers what was sent until then. */
  aborted: boolean;
}

export interface LoadProgressDto {
  runId: string;
  elapsedMs: number;
  plannedMs: number | null;
  /** The planned count for a run by number of requests. */
  plannedRequests: number | null;
  requests: number;
  errors: number;
  rps: number;
  point: LoadTimelinePointDto;
}

/** Whether a URL names this machine by a loopback name or address (127/8, ::1, localhost). */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return isLoopbackHost(host);
}

/** The same test for a bare host name or address, bracketed or not (`--host` of `ctb serve`). */
export function isLoopbackHost(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  // IPv4-mapped IPv6 of a loopback address, as the URL parser normalises it (::ffff:7f00:1).
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host) || /^::ffff:127\./.test(host);
}
