// Reporters of a conformance report: pretty lines for a terminal (one per check as it completes,
// then a summary), the report as JSON, and JUnit XML for CI dashboards.

import { junitXml } from './junit-xml.ts';
import type { JunitCase } from './junit-xml.ts';
import type { CheckResult, ConformanceReport } from '../types.ts';

function symbol(check: CheckResult): string {
  if (check.outcome === 'pass') return '✓';
  if (check.outcome === 'skip') return '-';
  return check.level === 'must' ? '✗' : '!';
}

/** One line per completed check; failures and warnings add an indented explanation. */
export function formatPrettyLine(check: CheckResult): string {
  const head = `${symbol(check)} ${check.level.padEnd(6)} ${check.id.padEnd(34)} ${check.title} (${Math.round(check.durationMs)} ms)`;
  if (check.outcome === 'pass') return head;
  const lines = [
    head,
    `    ${check.outcome === 'skip' ? 'skipped' : 'expected'}: ${check.outcome === 'skip' ? check.message : check.expected}`,
  ];
  if (check.outcome === 'fail') lines.push(`    got: ${check.message}`);
  return lines.join('\n');
}

export function formatPrettySummary(report: ConformanceReport): string {
  const s = report.summary;
  const verdict = s.conformant
    ? s.failed > 0
      ? `CONFORMANT with ${s.failed} warning(s)`
      : 'CONFORMANT'
    : `NOT CONFORMANT: ${s.failedByLevel.must} must-level check(s) failed`;
  return [
    '',
    `${verdict}`,
    `${s.passed} passed, ${s.failed} failed (${s.failedByLevel.must} must, ${s.failedByLevel.should} should, ${s.failedByLevel.info} info), ${s.errors} could not run, ${s.skipped} skipped of ${s.total} checks in ${report.durationMs} ms`,
    `target ${report.url}, secret ${report.secretFingerprint}, skew window ±${report.skewSeconds} s`,
  ].join('\n');
}

export function toJson(report: ConformanceReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

function detail(check: CheckResult): string {
  const lines = [`expected: ${check.expected}`, `got: ${check.message}`];
  if (check.sent) lines.push(`sent: ${check.sent.method} ${check.sent.url} (${check.sent.bodyBytes} bytes)`);
  if (check.received)
    lines.push(
      `received: ${check.received.status ?? check.received.error?.code ?? 'nothing'} ${check.received.body}`,
    );
  return lines.join('\n');
}

/**
 * JUnit XML valid against both the Jenkins (junit-4/xunit) and the Apache Ant schemas, so the
 * shapes are their common subset: no attributes on <testsuites>, text-only <skipped>, one child per
 * <testcase>, suite-level <system-out>/<system-err>. Counts are the JSON summary's: every failed
 * check is a <failure> whose type is its level; should/info ones are warnings (the exit code stays 0).
 */
export function toJunit(report: ConformanceReport, hostname?: string): string {
  const s = report.summary;
  const warnings = report.checks.filter((c) => c.outcome === 'fail' && c.level !== 'must');
  return junitXml(
    [
      {
        name: `ctb conformance ${report.url}`,
        package: 'ctb.conformance',
        id: 0,
        durationMs: report.durationMs,
        startedAt: report.startedAt,
        properties: [
          ['started_at', report.startedAt],
          ['secret_fingerprint', report.secretFingerprint],
          ['skew_seconds', String(report.skewSeconds)],
          ['conformant', String(s.conformant)],
          ['aborted', String(report.aborted)],
        ],
        cases: report.checks.map(junitCase),
        systemOut: warnings.map((c) => `WARNING (${c.level}) ${c.id}: ${c.message}`).join('\n'),
      },
    ],
    hostname,
  );
}

function junitCase(c: CheckResult): JunitCase {
  const base = {
    classname: `conformance.${c.id.split('.')[0]}`,
    name: `${c.id}: ${c.title}`,
    durationMs: c.durationMs,
  };
  if (c.outcome === 'skip') return { ...base, outcome: { kind: 'skipped', reason: c.message } };
  if (c.outcome !== 'fail') return { ...base, outcome: { kind: 'pass' } };
  const message = c.level === 'must' ? c.message : `WARNING (${c.level}): ${c.message}`;
  return {
    ...base,
    outcome: {
      kind: c.errored ? 'error' : 'failure',
      message,
      type: c.errored ? 'error' : c.level,
      detail: detail(c),
    },
  };
}
