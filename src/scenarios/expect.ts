// Checking a step's answer against its `expect`: status, answer type, error code, a JSON subset of the
// output, an output JSON Schema, a duration bound and the diagnosis; each miss names field, expected, actual.

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Diagnosis } from '../protocol/index.ts';
import type { Mismatch, ScenarioExpect } from './types.ts';

const ajv = new Ajv2020({ allErrors: false, strict: false });

export interface Observed {
  status: number | null;
  json: unknown;
  /** Call-level error code when no answer came (timeout, connect_error...). */
  callError: string | null;
  durationMs: number;
  diagnosis: Diagnosis | null;
}

export function check(expect: ScenarioExpect | undefined, o: Observed): Mismatch[] {
  if (!expect) return [];
  const out: Mismatch[] = [];
  const answer = (o.json ?? null) as Record<string, unknown> | null;
  const type = typeof answer?.type === 'string' ? answer.type : null;
  const code = o.callError ?? (type === 'error' && typeof answer?.code === 'string' ? answer.code : null);
  if (expect.status !== undefined && expect.status !== o.status)
    out.push({ field: 'status', expected: expect.status, actual: o.status });
  if (expect.type !== undefined && expect.type !== type)
    out.push({ field: 'type', expected: expect.type, actual: type });
  if (expect.code !== undefined && expect.code !== code)
    out.push({ field: 'code', expected: expect.code, actual: code });
  if (expect.output !== undefined) subset(expect.output, answer?.output, 'output', out);
  if (expect.outputSchema !== undefined) {
    let validate;
    try {
      validate = ajv.compile(expect.outputSchema);
    } catch (error) {
      out.push({ field: 'outputSchema', expected: 'a valid JSON Schema', actual: (error as Error).message });
    }
    if (validate && !validate(answer?.output)) {
      const e = validate.errors?.[0];
      out.push({
        field: `output${e?.instancePath.replace(/\//g, '.') ?? ''}`,
        expected: `to satisfy outputSchema (${e?.message})`,
        actual: answer?.output,
      });
    }
  }
  if (expect.maxDurationMs !== undefined && o.durationMs > expect.maxDurationMs)
    out.push({
      field: 'durationMs',
      expected: `<= ${expect.maxDurationMs}`,
      actual: Math.round(o.durationMs * 10) / 10,
    });
  const d = expect.diagnosis;
  if (d) {
    if (d.verdict !== undefined && d.verdict !== o.diagnosis?.verdict)
      out.push({ field: 'diagnosis.verdict', expected: d.verdict, actual: o.diagnosis?.verdict ?? null });
    if (d.failedCheck !== undefined && d.failedCheck !== o.diagnosis?.failedCheck)
      out.push({
        field: 'diagnosis.failedCheck',
        expected: d.failedCheck,
        actual: o.diagnosis?.failedCheck ?? null,
      });
    if (d.cause !== undefined) {
      const actual = o.diagnosis?.cause?.id ?? null;
      const ok = d.cause.endsWith('*') ? actual?.startsWith(d.cause.slice(0, -1)) : actual === d.cause;
      if (!ok) out.push({ field: 'diagnosis.cause', expected: d.cause, actual });
    }
  }
  return out;
}

/** Objects match by the keys expected, arrays element by element (same length), scalars exactly. */
function subset(expected: unknown, actual: unknown, at: string, out: Mismatch[]): void {
  if (expected !== null && typeof expected === 'object') {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual) || actual.length !== expected.length) {
        out.push({ field: at, expected, actual });
        return;
      }
      expected.forEach((e, i) => subset(e, actual[i], `${at}[${i}]`, out));
      return;
    }
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      out.push({ field: at, expected, actual: actual ?? null });
      return;
    }
    for (const [k, v] of Object.entries(expected))
      subset(v, (actual as Record<string, unknown>)[k], `${at}.${k}`, out);
    return;
  }
  if (expected !== actual) out.push({ field: at, expected, actual: actual ?? null });
}
