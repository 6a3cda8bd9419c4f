// Derived views of the Conformance panel: the skew as a number, progress as a fraction, the
// verdict line, and the symbol of each check (✓ pass, ✗ must failure, ! warning, - skipped).

import type { CheckResultDto, ConformanceReportDto } from '../../../../shared/index.ts';
import type { ConformanceState } from './initialState.ts';

export function parseSkew(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) > 86_400)
    return {
      ok: false,
      message: 'The skew window is a whole number of seconds from 0 to 86400 (300 by default).',
    };
  return { ok: true, value: Number(t) };
}

/** The help under the skew field, in the window actually entered (a 60 s target passes 60 and fails 61). */
export function skewHelp(text: string): string {
  const skew = parseSkew(text);
  const window = skew.ok ? skew.value : 300;
  return `The connector's maxTimestampSkewSeconds: ${window} passes at the edge, ${window + 1} must fail.`;
}

export const progressFraction = (s: ConformanceState): number =>
  s.total > 0 ? Math.min(1, s.checks.length / s.total) : 0;

export function checkSymbol(c: CheckResultDto): '✓' | '✗' | '!' | '–' {
  if (c.outcome === 'pass') return '✓';
  if (c.outcome === 'skip') return '–';
  return c.level === 'must' ? '✗' : '!';
}

export function checkTone(c: CheckResultDto): 'ok' | 'bad' | 'warn' | 'muted' {
  if (c.outcome === 'pass') return 'ok';
  if (c.outcome === 'skip') return 'muted';
  return c.level === 'must' ? 'bad' : 'warn';
}

export function verdict(r: ConformanceReportDto): { tone: 'ok' | 'warn' | 'bad'; text: string } {
  const s = r.summary;
  if (r.aborted) return { tone: 'warn', text: `Cancelled after ${s.total} checks: no verdict` };
  if (r.unreachable) return { tone: 'bad', text: `No answer from the connector: ${r.unreachable}` };
  if (!s.conformant)
    return { tone: 'bad', text: `Not conformant: ${s.failedByLevel.must} must-level check(s) failed` };
  if (s.failed > 0) return { tone: 'warn', text: `Conformant, with ${s.failed} warning(s)` };
  return { tone: 'ok', text: 'Conformant' };
}
