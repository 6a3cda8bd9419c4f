// State of the Load panel: the request (ping or a tool with parameters), how hard and how long,
// thresholds, the loopback confirmation, and the run in flight with its progress and report.

import type { ApiError, LoadProgressDto, LoadReportDto } from '../../../../shared/index.ts';

export type LoadRequestKind = 'ping' | 'capabilities.list' | 'tools.list' | 'tool.invoke';

export interface LoadFieldErrors {
  tool?: string;
  parameters?: string;
  connections?: string;
  duration?: string;
  requests?: string;
  rate?: string;
  thresholds?: string;
  target?: string;
}

export interface LoadState {
  requestKind: LoadRequestKind;
  tool: string;
  paramsText: string;
  connectionsText: string;
  mode: 'duration' | 'count';
  /** Seconds. */
  durationText: string;
  requestsText: string;
  /** Requests per second; empty runs closed-loop (as fast as answers come). */
  rateText: string;
  /** Comma-separated threshold expressions, as `ctb load --threshold` takes them. */
  thresholdsText: string;
  /** The user confirmed this non-loopback endpoint (the URL it was confirmed for). */
  confirmedHost: string | null;
  runId: string | null;
  running: boolean;
  cancelling: boolean;
  progress: LoadProgressDto | null;
  report: LoadReportDto | null;
  error: ApiError | null;
  fieldErrors: LoadFieldErrors;
}

export const initialLoadState: LoadState = {
  requestKind: 'ping',
  tool: '',
  paramsText: '{}',
  connectionsText: '4',
  mode: 'duration',
  durationText: '5',
  requestsText: '500',
  rateText: '',
  thresholdsText: 'p99<200, errors<1%',
  confirmedHost: null,
  runId: null,
  running: false,
  cancelling: false,
  progress: null,
  report: null,
  error: null,
  fieldErrors: {},
};
