// Builds one string that matches a simple JSON Schema `pattern` (anchors, literals, classes,
// \d \w \s, groups, alternation, quantifiers), so tools with patterned ids can still be invoked.

const CLASS_SAMPLE: Record<string, string> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a' };

interface Cursor {
  src: string;
  i: number;
}

/** One sample of the pattern, or null when it uses syntax this sampler does not know. */
export function samplePattern(pattern: string): string | null {
  try {
    const cursor = { src: pattern, i: 0 };
    const text = alternation(cursor);
    if (cursor.i !== pattern.length) return null;
    return new RegExp(pattern, 'u').test(text) ? text : null;
  } catch {
    return null;
  }
}

function alternation(c: Cursor): string {
  const first = sequence(c);
  while (c.src[c.i] === '|') {
    c.i++;
    sequence(c);
  }
  return first;
}

function sequence(c: Cursor): string {
  let out = '';
  while (c.i < c.src.length && c.src[c.i] !== '|' && c.src[c.i] !== ')') {
    const atom = atomSample(c);
    out += atom.repeat(quantifier(c));
  }
  return out;
}

function atomSample(c: Cursor): string {
  const ch = c.src[c.i++];
  if (ch === '^' || ch === '$') return '';
  if (ch === '.') return 'a';
  if (ch === '\\') {
    const next = c.src[c.i++];
    return CLASS_SAMPLE[next] ?? next;
  }
  if (ch === '[') return classSample(c);
  if (ch === '(') {
    if (c.src.startsWith('?:', c.i)) c.i += 2;
    else if (c.src[c.i] === '?') throw new Error('lookaround');
    const inner = alternation(c);
    if (c.src[c.i++] !== ')') throw new Error('unclosed group');
    return inner;
  }
  if ('*+?{'.includes(ch)) throw new Error('dangling quantifier');
  return ch;
}

function classSample(c: Cursor): string {
  if (c.src[c.i] === '^') throw new Error('negated class');
  let first: string | null = null;
  while (c.i < c.src.length && c.src[c.i] !== ']') {
    let ch = c.src[c.i++];
    if (ch === '\\') {
      ch = CLASS_SAMPLE[c.src[c.i]] ?? c.src[c.i];
      c.i++;
    }
    if (first === null) first = ch;
  }
  if (c.src[c.i++] !== ']' || first === null) throw new Error('bad class');
  return first;
}

function quantifier(c: Cursor): number {
  const ch = c.src[c.i];
  if (ch === '*' || ch === '?' || ch === '+') {
    c.i++;
    return ch === '+' ? 1 : 0;
  }
  if (ch === '{') {
    const m = /^\{(\d+)(,\d*)?\}/.exec(c.src.slice(c.i));
    if (!m) throw new Error('bad quantifier');
    c.i += m[0].length;
    return Number(m[1]);
  }
  return 1;
}
