// A scenario run as people and CI read it: pretty lines (each failure with the step, expected vs
// actual and the signature diagnosis), and JUnit XML whose counts equal the JSON report's.

import type { Mismatch, RunReport, StepResult } from './types.ts';

const show = (v: unknown): string => {
  const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? 'undefined');
  return text.length > 200 ? text.slice(0, 199) + '…' : text;
};

export function failureLines(r: StepResult): string[] {
  const out: string[] = [];
  if (r.error) out.push(r.error);
  for (const m of r.mismatches) out.push(mismatchLine(m));
  const d = r.diagnosis;
  if (
    d &&
    d.verdict === 'invalid' &&
    (r.code === 'invalid_signature' || r.mismatches.some((m) => m.field.startsWith('diagnosis')))
  )
    out.push(
      `signature: ${d.failedCheck ?? 'invalid'}${d.cause ? ` (${d.cause.id})` : ''}: ${d.cause?.title ?? d.summary}`,
    );
  if (r.faults.length) out.push(`faults: ${r.faults.join(', ')}`);
  return out;
}

const mismatchLine = (m: Mismatch) => `${m.field}: expected ${show(m.expected)}, got ${show(m.actual)}`;

export function formatPretty(report: RunReport): string {
  const lines: string[] = [];
  let file = '';
  for (const r of report.results) {
    // A one-step scenario is one line; a step of a longer one is indented under its scenario.
    const single = r.step === r.scenario;
    if (r.file !== file && !single) lines.push(`${r.scenario}  (${r.file})`);
    file = r.file;
    const outcome =
      r.status === null
        ? (r.code ?? 'no answer')
        : `${r.status}${r.answerType ? ` ${r.answerType}` : ''}${r.code ? ` ${r.code}` : ''}`;
    const name = single ? `${r.step}  (${r.file})` : `  ${r.step}`;
    lines.push(`${r.passed ? 'PASS' : 'FAIL'}  ${name}  ${outcome}  ${r.durationMs.toFixed(1)} ms`);
    if (!r.passed) for (const l of failureLines(r)) lines.push(`        ${l}`);
  }
  lines.push('');
  lines.push(
    `${report.passed} passed, ${report.failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''} ` +
      `(${report.scenarios} scenario(s), ${report.steps} step(s), ${(report.durationMs / 1000).toFixed(2)} s) against ${report.target}`,
  );
  return lines.join('\n');
}

const esc = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: they are dropped
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** JUnit XML: one testsuite per scenario file, one testcase per step; skipped (--bail) steps are listed as skipped. */
export function formatJunit(
  report: RunReport,
  all: Array<{ file: string; scenario: string; steps: Array<{ name: string }> }>,
): string {
  const byFile = new Map<string, StepResult[]>();
  for (const r of report.results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const timestamp = report.startedAt.replace(/\.\d+Z$/, '').replace(/Z$/, '');
  const suites = all.map((s, i) => {
    const ran = byFile.get(s.file) ?? [];
    const failures = ran.filter((r) => !r.passed).length;
    const skipped = s.steps.length - ran.length;
    const time = ran.reduce((t, r) => t + r.durationMs, 0) / 1000;
    const cases = s.steps.map((step, j) => {
      const r = ran[j];
      const head = `    <testcase name="${esc(step.name)}" classname="${esc(s.scenario)}" time="${((r?.durationMs ?? 0) / 1000).toFixed(3)}"`;
      if (!r) return `${head}>\n      <skipped/>\n    </testcase>`;
      if (r.passed) return `${head}/>`;
      const lines = failureLines(r);
      return `${head}>\n      <failure message="${esc(lines[0] ?? 'failed')}" type="${esc(r.mismatches[0]?.field ?? 'error')}">${esc(lines.join('\n'))}</failure>\n    </testcase>`;
    });
    return (
      `  <testsuite name="${esc(s.scenario)}" id="${i}" package="${esc(s.file)}" hostname="localhost" tests="${s.steps.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}" timestamp="${timestamp}">\n` +
      `    <properties/>\n${cases.join('\n')}\n    <system-out/>\n    <system-err/>\n  </testsuite>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ctb run" tests="${report.steps}" failures="${report.failed}" errors="0" time="${(report.durationMs / 1000).toFixed(3)}">\n` +
    `${suites.join('\n')}\n</testsuites>\n`
  );
}
