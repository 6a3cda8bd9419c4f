// Reporters of a conformance report: pretty lines for a terminal (one per check as it completes,
// then a summary), the report as JSON, and JUnit XML for CI dashboards.

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
    `${s.passed} passed, ${s.failed} failed (${s.failedByLevel.must} must, ${s.failedByLevel.should} should, ${s.failedByLevel.info} info), ${s.skipped} skipped of ${s.total} checks in ${report.durationMs} ms`,
    `target ${report.url}, secret ${report.secretFingerprint}, skew window ±${report.skewSeconds} s`,
  ].join('\n');
}

export function toJson(report: ConformanceReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

// Characters XML 1.0 cannot carry at all, lone surrogates included.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
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
 * JUnit XML. Only must-level failures are <failure>s, matching the exit code; should/info
 * failures are reported as warnings in <system-out> so a CI dashboard shows them without failing.
 */
export function toJunit(report: ConformanceReport): string {
  const s = report.summary;
  const cases = report.checks.map((c) => {
    const attrs = `classname="conformance.${escapeXml(c.id.split('.')[0])}" name="${escapeXml(`${c.id}: ${c.title}`)}" time="${seconds(c.durationMs)}"`;
    let inner = '';
    if (c.outcome === 'skip') inner = `<skipped message="${escapeXml(c.message)}"/>`;
    else if (c.outcome === 'fail' && c.level === 'must')
      inner = `<failure message="${escapeXml(c.message)}" type="${escapeXml(c.level)}">${escapeXml(detail(c))}</failure>`;
    else if (c.outcome === 'fail')
      inner = `<system-out>${escapeXml(`WARNING (${c.level}): ${detail(c)}`)}</system-out>`;
    return inner ? `    <testcase ${attrs}>\n      ${inner}\n    </testcase>` : `    <testcase ${attrs}/>`;
  });
  const suiteAttrs = `name="ctb conformance ${escapeXml(report.url)}" tests="${s.total}" failures="${s.failedByLevel.must}" errors="0" skipped="${s.skipped}" time="${seconds(report.durationMs)}" timestamp="${escapeXml(report.startedAt.replace(/Z$/, ''))}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="ctb conformance" tests="${s.total}" failures="${s.failedByLevel.must}" errors="0" skipped="${s.skipped}" time="${seconds(report.durationMs)}">`,
    `  <testsuite ${suiteAttrs}>`,
    `    <properties><property name="secret_fingerprint" value="${escapeXml(report.secretFingerprint)}"/><property name="skew_seconds" value="${report.skewSeconds}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
