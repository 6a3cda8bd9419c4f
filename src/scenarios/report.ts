// A scenario run as people and CI read it: pretty lines (each failure with the step, expected vs
// actual and the signature diagnosis), and JUnit XML whose counts equal the JSON report's.

import { junitXml } from '../conformance/reporters/junit-xml.ts';
import type { JunitCase, JunitSuite } from '../conformance/reporters/junit-xml.ts';
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
  else if (d && d.verdict === 'valid' && r.code === 'invalid_signature')
    // Nothing wrong on this side: say so, rather than leaving the refusal unexplained.
    out.push(
      `signature: valid under the secret sent (${d.matchedSecret ?? 'fingerprint unknown'}) and inside the ±${d.skew.toleranceSeconds} s window here; the connector holds another secret, or its clock or window differs`,
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

/** JUnit XML: one testsuite per scenario file, one testcase per step; steps --bail did not run are skipped. */
export function formatJunit(
  report: RunReport,
  all: Array<{ file: string; scenario: string; steps: Array<{ name: string }> }>,
): string {
  const byFile = new Map<string, StepResult[]>();
  for (const r of report.results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  return junitXml(
    all.map((s, id): JunitSuite => {
      const ran = byFile.get(s.file) ?? [];
      return {
        name: s.scenario,
        package: s.file,
        id,
        durationMs: ran.reduce((t, r) => t + r.durationMs, 0),
        startedAt: report.startedAt,
        properties: [['target', report.target]],
        cases: s.steps.map((step, j): JunitCase => {
          const r = ran[j];
          const base = { classname: s.scenario, name: step.name, durationMs: r?.durationMs ?? 0 };
          if (!r)
            return {
              ...base,
              outcome: { kind: 'skipped', reason: 'not run: an earlier step failed (--bail)' },
            };
          if (r.passed) return { ...base, outcome: { kind: 'pass' } };
          const lines = failureLines(r);
          return {
            ...base,
            outcome: {
              kind: 'failure',
              message: lines[0] ?? 'failed',
              type: r.mismatches[0]?.field ?? 'error',
              detail: lines.join('\n'),
            },
          };
        }),
      };
    }),
  );
}
