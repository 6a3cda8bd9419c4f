// Completion for YAML documents from their JSON Schema (Monaco's JSON mode has no YAML twin): where
// the cursor is (the key path from indentation, block or one-line flow map) and what fits there.
// Pure text and schema logic, so it is tested without an editor.

type Schema = Record<string, unknown>;

export interface YamlSpot {
  /** Keys from the document root to the mapping the cursor is in; `[]` for a sequence item. */
  path: string[];
  /** A key is being typed, or the value of `key`. */
  mode: 'key' | 'value';
  key?: string;
  /** What is already typed of the word under the cursor. */
  typed: string;
}

export interface YamlSuggestion {
  label: string;
  kind: 'property' | 'value';
  /** Text inserted in place of what was typed. */
  insertText: string;
  detail?: string;
  documentation?: string;
}

const KEY = String.raw`[A-Za-z0-9_$][A-Za-z0-9_$.-]*`;
const BLANK_OR_COMMENT = /^\s*(#.*)?$/;
const LINE = new RegExp(String.raw`^(\s*)((?:-\s+)*)(?:(${KEY})\s*:(.*))?`);

/** The keys of the mappings enclosing a node that starts at column `indent` on line `lineIndex`. */
function parentsOf(lines: string[], lineIndex: number, indent: number): string[] {
  const path: string[] = [];
  let cur = indent;
  for (let i = lineIndex - 1; i >= 0 && cur > 0; i--) {
    const line = lines[i];
    if (BLANK_OR_COMMENT.test(line)) continue;
    const m = LINE.exec(line)!;
    const lineIndent = m[1].length;
    const keyCol = lineIndent + m[2].length;
    const opensBlock = m[3] !== undefined && BLANK_OR_COMMENT.test(m[4] ?? '');
    if (opensBlock && keyCol < cur) {
      path.unshift(m[3]);
      cur = keyCol;
      if (m[2] && lineIndent < cur) {
        path.unshift('[]');
        cur = lineIndent;
      }
    } else if (m[2] && lineIndent < cur) {
      path.unshift('[]');
      cur = lineIndent;
    }
  }
  return path;
}

/** Where the cursor is in a YAML text, from the lines above it; null where nothing is completed. */
export function yamlSpot(text: string, lineNumber: number, column: number): YamlSpot | null {
  const lines = text.split(/\r?\n/);
  const prefix = (lines[lineNumber - 1] ?? '').slice(0, column - 1);
  if (prefix.includes('#')) return null;
  const head = /^(\s*)((?:-\s+)*)/.exec(prefix)!;
  const inner = head[1].length + head[2].length;
  const itemDepth = (head[2].match(/-/g) ?? []).length;
  const base = () => [...parentsOf(lines, lineNumber - 1, head[1].length), ...Array(itemDepth).fill('[]')];

  // A one-line flow map: `request: { type: pi` or `faults: { tamper-body: true, dr`.
  const flow = new RegExp(String.raw`^(${KEY})\s*:\s*\{(?:[^{}]*,)?\s*(?:(${KEY})\s*:\s*)?([^,{}:]*)$`).exec(
    prefix.slice(inner),
  );
  if (flow) {
    const path = [...base(), flow[1]];
    return flow[2] !== undefined
      ? { path, mode: 'value', key: flow[2], typed: flow[3].trim() }
      : { path, mode: 'key', typed: flow[3].trim() };
  }
  const value = new RegExp(String.raw`^(${KEY})\s*:\s+([^\s{[,]*)$`).exec(prefix.slice(inner));
  if (value) return { path: base(), mode: 'value', key: value[1], typed: value[2] };
  const key = new RegExp(String.raw`^(${KEY})?$`).exec(prefix.slice(inner));
  if (key) return { path: base(), mode: 'key', typed: key[1] ?? '' };
  return null;
}

/** `#/$defs/x` within the same document; other references are not followed. */
function deref(node: unknown, root: Schema, depth = 0): Schema | null {
  if (!node || typeof node !== 'object' || depth > 20) return null;
  const s = node as Schema;
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
    let target: unknown = root;
    for (const part of s.$ref.slice(2).split('/'))
      target = (target as Schema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return deref(target, root, depth + 1);
  }
  return s;
}

/** The schema and the alternatives it combines (allOf, anyOf, oneOf), each dereferenced. */
function variants(node: unknown, root: Schema, depth = 0): Schema[] {
  const s = deref(node, root);
  if (!s || depth > 8) return [];
  const out = [s];
  for (const k of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(s[k])) for (const sub of s[k] as unknown[]) out.push(...variants(sub, root, depth + 1));
  return out;
}

function childOf(schemas: Schema[], step: string, root: Schema): Schema[] {
  const out: Schema[] = [];
  for (const s of schemas) {
    if (step === '[]') {
      if (s.items && typeof s.items === 'object') out.push(...variants(s.items, root));
      continue;
    }
    const props = s.properties as Record<string, unknown> | undefined;
    if (props && step in props) out.push(...variants(props[step], root));
    else if (s.additionalProperties && typeof s.additionalProperties === 'object')
      out.push(...variants(s.additionalProperties, root));
  }
  return out;
}

function describe(s: Schema | undefined): string | undefined {
  return typeof s?.description === 'string' ? s.description : undefined;
}

function typeLabel(s: Schema): string | undefined {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  return typeof s.type === 'string' ? s.type : undefined;
}

/** What fits at a spot of a document valid against `schema`: property names, or enum and boolean values. */
export function yamlSuggestions(schema: Schema, spot: YamlSpot): YamlSuggestion[] {
  let here = variants(schema, schema);
  for (const step of spot.path) here = childOf(here, step, schema);
  if (spot.mode === 'key') {
    const seen = new Map<string, YamlSuggestion>();
    for (const s of here) {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      for (const [name, raw] of Object.entries(props)) {
        if (seen.has(name) || name === '$schema') continue;
        const p = variants(raw, schema)[0] ?? {};
        seen.set(name, {
          label: name,
          kind: 'property',
          insertText: `${name}: `,
          detail: typeLabel(p),
          documentation: describe(p),
        });
      }
    }
    return [...seen.values()].filter((x) => x.label.startsWith(spot.typed));
  }
  const values = new Map<string, YamlSuggestion>();
  for (const s of childOf(here, spot.key ?? '', schema)) {
    const options: unknown[] = Array.isArray(s.enum) ? s.enum : 'const' in s ? [s.const] : [];
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('boolean')) options.push(true, false);
    for (const v of options) {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      values.set(text, { label: text, kind: 'value', insertText: text, documentation: describe(s) });
    }
  }
  return [...values.values()].filter((x) => x.label.startsWith(spot.typed));
}
