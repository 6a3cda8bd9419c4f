// State of the Conformance panel: the skew window under test, the run in flight (its id, the
// checks as they complete) and the final report, or the error that stopped it.

import type { ApiError, CheckResultDto, ConformanceReportDto } from '../../../../shared/index.ts';

export interface ConformanceState {
  skewText: string;
  /** True once the user typed a skew: a local connector's own window no longer replaces it. */
  skewTouched: boolean;
  runId: string | null;
  running: boolean;
  cancelling: boolean;
  /** Checks in completion order, as progress events arrive. */
  checks: CheckResultDto[];
  total: number;
  report: ConformanceReportDto | null;
  error: ApiError | null;
  fieldError: string | null;
  exportError: ApiError | null;
}

export const initialConformanceState: ConformanceState = {
  skewText: '300',
  skewTouched: false,
  runId: null,
  running: false,
  cancelling: false,
  checks: [],
  total: 0,
  report: null,
  error: null,
  fieldError: null,
  exportError: null,
};
