// Plain-text rendering of protocol results for the terminal: signed headers, verify results and
// the full explain Diagnosis. Secrets never reach these functions; only their fingerprints do.

import type { Diagnosis, VerifyResult } from '../protocol/index.ts';
import { terminalSafe } from './terminal.ts';

/** One line for a person: whatever a connector put in it cannot move the cursor or recolour it. */
export function out(line = ''): void {
  process.stdout.write(terminalSafe(line) + '\n');
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** `name: value` lines, as a request would carry them. */
export function headerLines(headers: Iterable<[string, string]>): string[] {
  return [...headers].map(([name, value]) => `${name}: ${value}`);
}

/** Two-column block: a label column wide enough for every label, then the (multi-line) value. */
export function table(rows: Array<[string, string | string[]]>): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const lines: string[] = [];
  for (const [label, value] of rows) {
    const parts = Array.isArray(value) ? value : value.split('\n');
    parts.forEach((part, i) => lines.push((i === 0 ? label : '').padEnd(width) + part));
  }
  return lines;
}

/**
 * A marker line under `received`: `^` under every character that differs from `expected`
 * (hex compared case-insensitively, since verifiers accept either case).
 */
function diffMarker(expected: string, received: string): { marker: string; differing: number } {
  let marker = '';
  let differing = 0;
  const len = Math.max(expected.length, received.length);
  for (let i = 0; i < len; i++) {
    const same =
      expected[i] !== undefined &&
      received[i] !== undefined &&
      expected[i].toLowerCase() === received[i].toLowerCase();
    marker += same ? ' ' : '^';
    if (!same) differing++;
  }
  return { marker: marker.trimEnd(), differing };
}

export function describeSkew(seconds: number): string {
  if (seconds === 0) return 'same second as now';
  return seconds > 0 ? `${seconds} s old` : `${-seconds} s in the future`;
}

export function verifyLines(result: VerifyResult, toleranceSeconds: number): string[] {
  if (result.ok)
    return [
      `valid: signature matches; timestamp ${result.timestamp} is ${describeSkew(result.skewSeconds)} (window ±${toleranceSeconds} s)`,
    ];
  const lines = [
    `invalid: ${result.reason}${result.header ? ` (${result.header})` : ''} — ${result.message}`,
  ];
  if (result.skewSeconds !== undefined && result.reason === 'signature_mismatch')
    lines.push(
      `timestamp ${result.timestamp} is ${describeSkew(result.skewSeconds)} (window ±${toleranceSeconds} s)`,
    );
  lines.push('run `ctb explain` with the same inputs for the likely cause');
  return lines;
}

export function diagnosisLines(d: Diagnosis): string[] {
  const rows: Array<[string, string | string[]]> = [];
  rows.push([
    'verdict',
    d.verdict === 'valid' ? 'valid' : `invalid${d.failedCheck ? ` — failed check: ${d.failedCheck}` : ''}`,
  ]);
  rows.push(['summary', wrap(d.summary, 88)]);
  rows.push([
    'received',
    [
      `timestamp  ${d.received.timestamp ?? '(missing)'}`,
      `protocol   ${d.received.protocol ?? '(not sent)'}`,
      `headers    ${d.received.headerNames.join(', ') || '(none)'}`,
    ],
  ]);
  rows.push([
    'canonical',
    d.canonical.string === null
      ? '(no timestamp, nothing to sign)'
      : [
          d.canonical.string,
          `(${d.canonical.bodyBytes} body bytes; the string signed is "v1:" + timestamp + ":" + body)`,
        ],
  ]);
  rows.push(['signature', signatureLines(d)]);
  rows.push(['skew', skewLine(d)]);
  if (d.matchedSecret) rows.push(['matched', `secret ${d.matchedSecret}`]);
  rows.push([
    'cause',
    d.cause
      ? causeLines(d)
      : d.verdict === 'valid'
        ? '(none: the request is valid)'
        : '(no known signing mistake reproduces this signature)',
  ]);
  return table(rows);
}

/** Received and expected signatures one above the other, differing characters marked with `^`. */
function signatureLines(d: Diagnosis): string[] {
  const received = d.received.signature;
  const lines = [`received  ${received ?? '(missing)'}`];
  if (d.expected.length === 0) return [...lines, 'expected  (no secret given)'];
  d.expected.forEach((e, i) => {
    const label = `secret ${e.secret}${d.expected.length > 1 ? `, candidate ${i + 1}` : ''}`;
    if (e.signature === null) {
      lines.push(`expected  (${label}: cannot sign without a timestamp)`);
      return;
    }
    lines.push(`expected  ${e.signature}  (${label})`);
    if (received === null) return;
    const { marker, differing } = diffMarker(e.signature, received);
    lines.push(
      differing === 0
        ? '          (identical to the received signature)'
        : `          ${marker}  ${differing} character(s) differ`,
    );
  });
  return lines;
}

function causeLines(d: Diagnosis): string[] {
  const cause = d.cause!;
  // The summary usually already carries the detail; say it once.
  const detail = d.summary.includes(cause.detail) ? [] : wrap(cause.detail, 88);
  return [`${cause.title}  [${cause.id}]`, ...detail];
}

function skewLine(d: Diagnosis): string {
  const s = d.skew;
  if (s.seconds === null)
    return `cannot tell: no usable timestamp (now ${s.now}, window ±${s.toleranceSeconds} s)`;
  const where = s.withinWindow ? 'inside' : 'OUTSIDE';
  return `${describeSkew(s.seconds)} (now ${s.now}, timestamp ${s.timestamp}), ${where} the ±${s.toleranceSeconds} s window`;
}

export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
