// Reading protocol headers the way decisions.md 1 requires: names case-insensitive, a header
// sent twice reported as such (whether the transport kept both values or joined them with commas).

import type { HeaderBag } from './types.ts';

export type HeaderRead =
  | { state: 'missing' }
  | { state: 'duplicated'; values: string[] }
  | { state: 'present'; value: string };

/**
 * Lower-cased name -> every value received under any letter case of that name. `only` limits the
 * map to the names a caller reads (verify needs three of a request's dozen headers).
 */
export function collectHeaders(headers: HeaderBag, only?: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (Array.isArray(headers)) for (const [n, v] of headers) addHeader(out, only, n, v);
  else if (typeof (headers as { forEach?: unknown }).forEach === 'function' && !isPlainRecord(headers))
    (headers as { forEach(cb: (value: string, name: string) => void): void }).forEach((v, n) => addHeader(out, only, n, v));
  else {
    const record = headers as Record<string, string | string[] | undefined>;
    // Own enumerable keys, as Object.entries gave, without an array of [key, value] arrays.
    for (const n of Object.keys(record)) addHeader(out, only, n, record[n]);
  }
  return out;
}

function addHeader(out: Map<string, string[]>, only: ReadonlySet<string> | undefined, name: string, value: string | string[] | undefined): void {
  if (value === undefined) return;
  const key = name.toLowerCase();
  if (only !== undefined && !only.has(key)) return;
  let list = out.get(key);
  if (list === undefined) {
    list = [];
    out.set(key, list);
  }
  if (Array.isArray(value)) for (const v of value) list.push(v);
  else list.push(value);
}

function isPlainRecord(value: unknown): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * One protocol header. Values of these headers never legitimately contain a comma, so a comma
 * means a transport joined two copies (node:http and fetch's Headers both do).
 */
export function readHeader(headers: Map<string, string[]>, name: string): HeaderRead {
  const values = headers.get(name.toLowerCase());
  if (!values || values.length === 0) return { state: 'missing' };
  // The common case (one value, no comma) skips the split: this runs on every verified request.
  if (values.length === 1 && !values[0].includes(',')) return { state: 'present', value: values[0].trim() };
  const split = values.flatMap((v) => v.split(',')).map((v) => v.trim());
  if (split.length > 1) return { state: 'duplicated', values: split };
  return { state: 'present', value: split[0].trim() };
}

/** Applies a letter-case style to a header name (fault injection and conformance checks). */
export function recase(name: string, style: 'upper' | 'lower' | 'mixed' | 'canonical'): string {
  switch (style) {
    case 'upper':
      return name.toUpperCase();
    case 'lower':
      return name.toLowerCase();
    case 'canonical':
      return name.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
    case 'mixed':
      return Array.from(name, (c, i) => (i % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');
  }
}
