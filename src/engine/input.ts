// Checks of untrusted input (the UI, a file): every method's input is checked again by the engine's
// callers and use-cases, and a mistake becomes a `validation_error` naming the field, never a crash.

import { validationError } from './errors.ts';

export type Obj = Record<string, unknown>;

export function objectInput(input: unknown, what = 'the input', options: { optional?: boolean } = {}): Obj {
  if ((input === undefined || input === null) && options.optional) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw validationError(`${what} must be a JSON object`);
  return input as Obj;
}

export function onlyKeys(obj: Obj, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(obj))
    if (!allowed.includes(key))
      throw validationError(`${what}: "${key.slice(0, 60)}" is not an accepted field`, key);
}

export function requiredString(obj: Obj, field: string, max = 2048): string {
  const v = obj[field];
  if (typeof v !== 'string' || v.trim() === '')
    throw validationError(`${field} is required and must be a non-empty string`, field);
  if (v.length > max) throw validationError(`${field} must be at most ${max} characters`, field);
  return v;
}

export function optionalString(obj: Obj, field: string, max = 2048): string | undefined {
  const v = obj[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw validationError(`${field} must be a string`, field);
  if (v.length > max) throw validationError(`${field} must be at most ${max} characters`, field);
  return v;
}

export function optionalBoolean(obj: Obj, field: string): boolean | undefined {
  const v = obj[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw validationError(`${field} must be true or false`, field);
  return v;
}

export function optionalInteger(obj: Obj, field: string, min: number, max: number): number | undefined {
  const v = obj[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw validationError(`${field} must be a whole number from ${min} to ${max}`, field);
  return v;
}

export function requiredInteger(obj: Obj, field: string, min: number, max: number): number {
  if (obj[field] === undefined) throw validationError(`${field} is required`, field);
  return optionalInteger(obj, field, min, max)!;
}

export function oneOf<T extends string>(
  obj: Obj,
  field: string,
  values: readonly T[],
  options: { optional?: boolean } = {},
): T | undefined {
  const v = obj[field];
  if (v === undefined && options.optional) return undefined;
  if (typeof v !== 'string' || !values.includes(v as T))
    throw validationError(`${field} must be one of ${values.map((x) => `"${x}"`).join(', ')}`, field);
  return v as T;
}

export function optionalObject(obj: Obj, field: string): Obj | undefined {
  const v = obj[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw validationError(`${field} must be a JSON object`, field);
  return v as Obj;
}

export function httpUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw validationError(`${field} must be an absolute http:// or https:// URL`, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw validationError(`${field} must use http or https, not ${url.protocol}`, field);
  return url.toString();
}

/** History rows are addressed by their positive integer id. */
export const MAX_EXCHANGE_ID = Number.MAX_SAFE_INTEGER;

/** A list of 1 to `max` exchange ids; undefined only when the field is absent and `optional`. */
export function exchangeIds(
  obj: Obj,
  field: string,
  max: number,
  options: { optional?: boolean } = {},
): number[] | undefined {
  const ids = obj[field];
  if (ids === undefined && options.optional) return undefined;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > max ||
    ids.some((id) => !Number.isInteger(id) || id < 1)
  )
    throw validationError(`${field} must be a list of 1 to ${max} exchange ids`, field);
  return ids as number[];
}

/** Ids are opaque strings the engine made; bound them so nothing huge reaches SQLite. */
export const idOf = (obj: Obj, field = 'id'): string => requiredString(obj, field, 200);

/** The fields that were given: absent optional ones leave no `undefined` key behind. */
export function definedOnly<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** A method's input: a JSON object holding only `fields` (absent reads as {} when `optional`). */
export function inputOf(
  raw: unknown,
  method: string,
  fields: readonly string[],
  options: { optional?: boolean } = {},
): Obj {
  const input = objectInput(raw, 'the input', options);
  onlyKeys(input, fields, method);
  return input;
}
