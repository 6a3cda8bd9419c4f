// Where two signatures part ways: the inspector marks the first differing character so a person
// sees at a glance whether the whole digest differs (wrong secret) or only its prefix/scheme.

export interface SignatureDiff {
  /** Index of the first differing character, or null when both are equal. */
  index: number | null;
  equal: boolean;
}

/** Compares case-insensitively after the scheme, as verifiers do (hex digits in either case). */
export function firstDifference(a: string | null, b: string | null): SignatureDiff {
  if (a === null || b === null) return { index: a === b ? null : 0, equal: a === b };
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return { index: i, equal: false };
  if (x.length !== y.length) return { index: n, equal: false };
  return { index: null, equal: true };
}

/** Splits a string around the first difference for rendering: before, the marked char, after. */
export function splitAt(text: string, index: number | null): [string, string, string] {
  if (index === null || index >= text.length) return [text, '', ''];
  return [text.slice(0, index), text[index], text.slice(index + 1)];
}
