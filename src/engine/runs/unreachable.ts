// A conformance run in which no check got any HTTP answer: said plainly (the app's report, the
// CLI's exit message) rather than graded as silence, with the first error as the reason.

import type { ConformanceReport } from '../../conformance/index.ts';

/** The first error of a run where nothing answered; null when anything did. */
export function unreachableReason(report: ConformanceReport): string | null {
  if (report.checks.length === 0 || !report.checks.every((c) => c.received?.status == null)) return null;
  return report.checks.find((c) => c.received?.error)?.received?.error?.message ?? 'no answer';
}
