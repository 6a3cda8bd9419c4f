// Fault injection of decisions.md 4: the ways a real platform (or a broken proxy) gets a signed
// request wrong, applied on purpose so connector developers can see how they answer.

import { recase } from '../protocol/index.ts';

export interface Faults {
  skewOffsetSeconds?: number;
  wrongSecret?: boolean;
  tamperBody?: boolean;
  dropHeaders?: string[];
  headerCase?: 'upper' | 'lower' | 'mixed';
  protocolVersion?: string;
  replay?: boolean;
}

export function describeFaults(f: Faults | undefined): string[] {
  if (!f) return [];
  const out: string[] = [];
  if (f.skewOffsetSeconds)
    out.push(`clock skew ${f.skewOffsetSeconds > 0 ? '+' : ''}${f.skewOffsetSeconds} s`);
  if (f.wrongSecret) out.push('signed with a wrong secret');
  if (f.tamperBody) out.push('one body byte changed after signing');
  for (const h of f.dropHeaders ?? []) out.push(`header ${h.toLowerCase()} dropped`);
  if (f.headerCase) out.push(`header names in ${f.headerCase} case`);
  if (f.protocolVersion !== undefined) out.push(`protocol version "${f.protocolVersion}"`);
  if (f.replay) out.push('request delivered twice (replay)');
  return out;
}

/**
 * Changes one byte the way a careless proxy would: a letter or digit near the end becomes another,
 * which keeps JSON parseable so the only thing wrong is the signature.
 */
export function tamper(body: Buffer): Buffer {
  const out = Buffer.from(body);
  for (let i = out.length - 1; i >= 0; i--) {
    const c = out[i];
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      out[i] = c === 0x30 ? 0x31 : c === 0x41 ? 0x42 : c === 0x61 ? 0x62 : c - 1;
      return out;
    }
  }
  return Buffer.concat([out, Buffer.from(' ')]);
}

/** Drops and re-cases headers; names compare case-insensitively. */
export function shapeHeaders(
  headers: Array<[string, string]>,
  f: Faults | undefined,
): Array<[string, string]> {
  if (!f) return headers;
  const drop = new Set((f.dropHeaders ?? []).map((h) => h.toLowerCase()));
  return headers
    .filter(([name]) => !drop.has(name.toLowerCase()))
    .map(([name, value]) => [
      f.headerCase && name.toLowerCase().startsWith('x-service-') ? recase(name, f.headerCase) : name,
      value,
    ]);
}
