// Types of a conformance run: the check catalogue entries, one graded result per check, and the
// report the reporters (pretty, json, junit) and later the app panel render.

import type { Exchange } from './context.ts';

export type CheckLevel = 'must' | 'should' | 'info';
export type CheckOutcome = 'pass' | 'fail' | 'skip';

/** What the suite sent, shown safely: the body is a preview (escaped, cut), never the secret. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
  bodyBytes: number;
}

export interface ReceivedAnswer {
  /** null when no HTTP answer arrived (the connection closed, timed out or was refused). */
  status: number | null;
  contentType: string | null;
  body: string;
  bodyBytes: number;
  /** Transport failure, e.g. `connection_reset` when the connector hung up on a large body. */
  error: { code: string; message: string } | null;
  timeMs: number;
}

export interface CheckResult {
  id: string;
  level: CheckLevel;
  title: string;
  /** Section of protocol.md / decisions.md the check enforces. */
  reference: string;
  sent: SentRequest | null;
  expected: string;
  received: ReceivedAnswer | null;
  outcome: CheckOutcome;
  /** True when the check itself could not run (a JUnit <error>): the outcome is then `fail`. */
  errored?: boolean;
  message: string;
  durationMs: number;
}

/**
 * Counts as every reporter prints them (JSON, JUnit and pretty agree): total = passed + failed +
 * errors + skipped. `failed` counts failures of every level (should/info ones are warnings).
 */
export interface ConformanceSummary {
  total: number;
  passed: number;
  failed: number;
  /** Checks that could not run at all, counted apart from `failed` as JUnit counts <error>s. */
  errors: number;
  skipped: number;
  /** Failures and errors by level: a must one fails the run, should/info ones are warnings. */
  failedByLevel: Record<CheckLevel, number>;
  /** True when no must-level check failed. */
  conformant: boolean;
}

export interface ConformanceReport {
  url: string;
  secretFingerprint: string;
  skewSeconds: number;
  startedAt: string;
  durationMs: number;
  checks: CheckResult[];
  summary: ConformanceSummary;
  /** True when the run was cancelled through `signal`; the checks not reached are absent. */
  aborted: boolean;
}

export interface ConformanceOptions {
  url: string;
  secret: string;
  /** The connector's replay window under test (maxTimestampSkewSeconds); default 300. */
  skewSeconds?: number;
  /** Called once per check as it completes, in catalogue order. */
  onProgress?: (check: CheckResult, index: number, total: number) => void;
  /** Clock in unix seconds used to sign; defaults to the real clock. */
  now?: () => number;
  /** Per-request timeout; default 10 s (the platform's own limit is 30 s). */
  timeoutMs?: number;
  /** Only run checks whose id equals or starts with one of these (`timestamp` selects `timestamp.*`). */
  only?: string[];
  /** Cancels the run: the check in flight ends, no further check starts. */
  signal?: AbortSignal;
  /** Called after each check with the requests it sent and their answers (for a History sample). */
  onCheckExchanges?: (check: CheckResult, exchanges: Exchange[]) => void;
}
