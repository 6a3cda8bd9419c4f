// Bounded JSON for answers a connector controls: parse refuses nesting deeper than a limit before
// the parser recurses, and stringify/preview cut at a depth and a size with a visible marker.

import { toBytes } from '../protocol/index.ts';

/** Deeper than any real answer; far below what overflows the stack of JSON.parse/stringify. */
export const MAX_JSON_DEPTH = 200;
export const DEFAULT_PREVIEW_CHARS = 120;

/** What a cut leaves in place of the value (or the tail) it dropped. */
export const CUT_MARKER = '…[cut]';

/** Deepest bracket nesting of a JSON text, counted without parsing; stops counting past `limit`. */
export function jsonDepth(text: Uint8Array | string, limit = Infinity): number {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

const OPENING = [0x7b, 0x5b];

/**
 * True when the bytes hold at most `limit` opening brackets (quoted ones included), so nothing in
 * them can nest deeper. Two memchr passes: a typical answer of a few hundred bytes has a dozen
 * brackets, and the byte-by-byte depth scan was about 4 us of a ~200 us manager call in a profile.
 */
function opensAtMost(bytes: Buffer, limit: number): boolean {
  let count = 0;
  for (const bracket of OPENING)
    for (let i = bytes.indexOf(bracket); i !== -1; i = bytes.indexOf(bracket, i + 1))
      if (++count > limit) return false;
  return true;
}

export type ParsedAnswer =
  | { kind: 'json'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'not_json' }
  | { kind: 'too_deep'; depth: number };

/** Parses an answer body unless it nests deeper than `maxDepth` (then it is never handed to JSON.parse). */
export function parseBounded(body: Uint8Array | null | undefined, maxDepth = MAX_JSON_DEPTH): ParsedAnswer {
  if (!body || body.length === 0) return { kind: 'empty' };
  // JSON that parses is balanced, so it nests at most half its length deep: a short answer (most
  // of them) cannot pass the limit and skips the byte-by-byte scan. Unbalanced short text only
  // makes JSON.parse recurse a few hundred levels before it refuses it.
  const bytes = toBytes(body);
  if (body.length > 2 * maxDepth + 1 && !opensAtMost(bytes, maxDepth)) {
    const depth = jsonDepth(body, maxDepth);
    if (depth > maxDepth) return { kind: 'too_deep', depth };
  }
  try {
    return { kind: 'json', value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { kind: 'not_json' };
  }
}

export interface SafeStringifyOptions {
  /** Levels kept; a deeper array or object becomes the CUT_MARKER string. */
  maxDepth?: number;
  /** Characters kept; a longer text ends with the CUT_MARKER. */
  maxChars?: number;
}

/**
 * JSON.stringify that never throws: nesting beyond maxDepth, cycles, BigInts and functions become
 * markers, and the text stops at maxChars. For previews, stored summaries and exports.
 */
export function safeStringify(value: unknown, options: SafeStringifyOptions = {}): string {
  const maxDepth = options.maxDepth ?? 32;
  const maxChars = options.maxChars ?? 1_000_000;
  const out: string[] = [];
  let length = 0;
  let full = false;
  const seen = new Set<object>();
  const push = (s: string): void => {
    if (full) return;
    if (length + s.length > maxChars) {
      out.push(s.slice(0, Math.max(0, maxChars - length)), CUT_MARKER);
      full = true;
      return;
    }
    out.push(s);
    length += s.length;
  };
  const walk = (v: unknown, depth: number): void => {
    if (full) return;
    if (v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') {
      push(typeof v === 'number' && !Number.isFinite(v) ? 'null' : JSON.stringify(v));
      return;
    }
    if (typeof v !== 'object') {
      push(typeof v === 'bigint' ? JSON.stringify(String(v)) : 'null');
      return;
    }
    if (depth >= maxDepth || seen.has(v)) {
      push(
        JSON.stringify(
          seen.has(v) ? `${CUT_MARKER} (cycle)` : `${CUT_MARKER} (deeper than ${maxDepth} levels)`,
        ),
      );
      return;
    }
    seen.add(v);
    if (Array.isArray(v)) {
      push('[');
      v.forEach((item, i) => {
        if (i) push(',');
        walk(item === undefined ? null : item, depth + 1);
      });
      push(']');
    } else {
      push('{');
      let first = true;
      for (const [k, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function') continue;
        push(`${first ? '' : ','}${JSON.stringify(k)}:`);
        first = false;
        walk(item, depth + 1);
      }
      push('}');
    }
    seen.delete(v);
  };
  walk(value, 0);
  return out.join('');
}

/** A one-line preview of a parsed value: shallow and short, with the marker where it cut. */
export function previewJson(value: unknown, maxChars = DEFAULT_PREVIEW_CHARS): string {
  return safeStringify(value, { maxDepth: 8, maxChars });
}

/** A one-line preview of raw answer bytes, whatever they hold. */
export function previewBody(body: Uint8Array, maxChars = 80): string {
  const text = Buffer.from(body.subarray(0, maxChars * 4))
    .toString('utf8')
    .replace(/\s+/g, ' ');
  return text.length > maxChars || body.length > maxChars * 4
    ? `${text.slice(0, maxChars)}${CUT_MARKER}`
    : text;
}

/** Like previewJson, but a string shows as itself (no quotes), cut at maxChars. */
export function previewValue(value: unknown, maxChars = DEFAULT_PREVIEW_CHARS): string {
  if (typeof value !== 'string') return previewJson(value, maxChars);
  return value.length > maxChars ? `${value.slice(0, maxChars)}${CUT_MARKER}` : value;
}
