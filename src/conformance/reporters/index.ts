// Reporters of a conformance report: pretty lines for a terminal (one per check as it completes,
// then a summary), the report as JSON, and JUnit XML for CI dashboards.

import os from 'node:os';
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

/** Ant's schema wants the suite's start as local-style seconds without zone: ours is UTC, said in a property. */
function junitTimestamp(iso: string): string {
  return iso.replace(/\.\d+/, '').replace(/(Z|[+-]\d{2}:\d{2})$/, '');
}

function junitCase(c: CheckResult): string {
  const attrs = `classname="conformance.${escapeXml(c.id.split('.')[0])}" name="${escapeXml(`${c.id}: ${c.title}`)}" time="${seconds(c.durationMs)}"`;
  let inner = '';
  // Skipped carries its reason as text: the Jenkins schema gives <skipped> no attributes.
  if (c.outcome === 'skip') inner = `<skipped>${escapeXml(c.message)}</skipped>`;
  else if (c.outcome === 'fail') {
    const tag = c.errored ? 'error' : 'failure';
    const message = c.level === 'must' ? c.message : `WARNING (${c.level}): ${c.message}`;
    inner = `<${tag} message="${escapeXml(message)}" type="${c.errored ? 'error' : c.level}">${escapeXml(detail(c))}</${tag}>`;
  }
  return inner ? `    <testcase ${attrs}>\n      ${inner}\n    </testcase>` : `    <testcase ${attrs}/>`;
}

/**
 * JUnit XML valid against both the Jenkins (junit-4/xunit) and the Apache Ant schemas, so the
 * shapes are their common subset: no attributes on <testsuites>, text-only <skipped>, one child per
 * <testcase>, suite-level <system-out>/<system-err>. Counts are the JSON summary's: every failed
 * check is a <failure> whose type is its level; should/info ones are warnings (the exit code stays 0).
 */
export function toJunit(report: ConformanceReport, hostname = os.hostname() || 'localhost'): string {
  const s = report.summary;
  const warnings = report.checks.filter((c) => c.outcome === 'fail' && c.level !== 'must');
  const suiteAttrs = [
    `name="ctb conformance ${escapeXml(report.url)}"`,
    'package="ctb.conformance"',
    'id="0"',
    `hostname="${escapeXml(hostname)}"`,
    `tests="${s.total}"`,
    `failures="${s.failed}"`,
    `errors="${s.errors}"`,
    `skipped="${s.skipped}"`,
    `time="${seconds(report.durationMs)}"`,
    `timestamp="${escapeXml(junitTimestamp(report.startedAt))}"`,
  ].join(' ');
  const property = (name: string, value: string) => `<property name="${name}" value="${escapeXml(value)}"/>`;
  const out = warnings.map((c) => `WARNING (${c.level}) ${c.id}: ${c.message}`).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite ${suiteAttrs}>`,
    `    <properties>${[
      property('started_at', report.startedAt),
      property('timestamp_zone', 'UTC'),
      property('secret_fingerprint', report.secretFingerprint),
      property('skew_seconds', String(report.skewSeconds)),
      property('conformant', String(s.conformant)),
      property('aborted', String(report.aborted)),
    ].join('')}</properties>`,
    ...report.checks.map(junitCase),
    `    <system-out>${escapeXml(out)}</system-out>`,
    '    <system-err></system-err>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
