// {{name}} placeholders of scenario files: defaults in the file, then an --env file, then --var;
// values captured from one step's answer feed the next. An unknown name is an error, never blank.

import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

export class VariableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VariableError';
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

export type Variables = Record<string, unknown>;

const WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}$/;

function lookup(vars: Readonly<Variables>, name: string, where: string): unknown {
  if (!(name in vars))
    throw new VariableError(
      `${where}: unknown variable {{${name}}} (define it under variables, in --env or with --var ${name}=...)`,
    );
  return vars[name];
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Replaces every {{name}} in strings, deep through objects and arrays. A string that is one
 * placeholder alone takes the value with its type (a captured total stays a number). What holds
 * no placeholder comes back as it is, not copied: most steps of a collection have none, and
 * `ctb run` interpolates every step.
 */
export function interpolate<T>(value: T, vars: Readonly<Variables>, where: string): T {
  if (value !== null && typeof value === 'object' && !templated(value)) return value;
  return walk(value, vars, where, []) as T;
}

// Whether a step's request or expectation holds any placeholder, found once per parsed object: a
// collection runs the same steps again and again, and most hold none.
const holdsPlaceholders = new WeakMap<object, boolean>();
function templated(value: object): boolean {
  let known = holdsPlaceholders.get(value);
  if (known === undefined) {
    known = placeholders(value).size > 0;
    holdsPlaceholders.set(value, known);
  }
  return known;
}

// The path of the value being walked, spelt out (`where.parameters.items[0]`) only for an error.
type Path = Array<string | number>;
const spell = (where: string, path: Path) =>
  where + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');

function walk(value: unknown, vars: Readonly<Variables>, where: string, path: Path): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const whole = WHOLE.exec(value);
    if (whole) return lookup(vars, whole[1], spell(where, path));
    return value.replace(PLACEHOLDER, (_m, name: string) => asText(lookup(vars, name, spell(where, path))));
  }
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const after = walk(value[i], vars, where, path);
      path.pop();
      // The first value that changed starts the copy, with everything before it.
      if (after !== value[i] && out === null) out = value.slice(0, i);
      out?.push(after);
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  let changed = false;
  for (const entry of entries) {
    path.push(entry[0]);
    const after = walk(entry[1], vars, where, path);
    path.pop();
    if (after !== entry[1]) {
      entry[1] = after;
      changed = true;
    }
  }
  // fromEntries defines each key as data, so a key named __proto__ stays a key.
  return changed ? Object.fromEntries(entries) : value;
}

/** `--var name=value` (repeatable). */
export function parseVar(text: string): [string, string] {
  const at = text.indexOf('=');
  const name = at > 0 ? text.slice(0, at).trim() : '';
  if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name))
    throw new VariableError(`--var expects name=value, got "${text.slice(0, 60)}"`);
  return [name, text.slice(at + 1)];
}

/** An environment file: a flat YAML or JSON map of names to strings, numbers or booleans. */
export async function readEnvFile(path: string): Promise<Variables> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new VariableError(
      `--env ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new VariableError(`--env ${path}: not YAML or JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new VariableError(`--env ${path}: expected a map of names to values`);
  const out: Variables = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw new VariableError(`--env ${path}: "${k}" must be a string, number or boolean`);
    out[k] = v;
  }
  return out;
}

/** A dotted path into an answer (`output.items[0].id`); undefined when any part is missing. */
export function pick(value: unknown, path: string): unknown {
  let cur = value;
  for (const part of path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Every {{name}} used in a value, for checking a file before anything is sent. */
export function placeholders(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') for (const m of value.matchAll(PLACEHOLDER)) into.add(m[1]);
  else if (Array.isArray(value)) for (const v of value) placeholders(v, into);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) placeholders(v, into);
  return into;
}
