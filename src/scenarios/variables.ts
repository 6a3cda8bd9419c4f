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
 * placeholder alone takes the value with its type (a captured total stays a number).
 */
export function interpolate<T>(value: T, vars: Readonly<Variables>, where: string): T {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(vars, whole[1], where) as T;
    return value.replace(PLACEHOLDER, (_m, name: string) => asText(lookup(vars, name, where))) as T;
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolate(v, vars, `${where}[${i}]`)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, interpolate(v, vars, `${where}.${k}`)]),
    ) as T;
  return value;
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
