// Deterministic parameter generation from a tool's input_schema: one valid object (required
// properties only, honouring types, enums, bounds, formats, arrays) and one that breaks the schema.

import { samplePattern } from './pattern-sample.ts';

type Schema = Record<string, unknown>;

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'conformance@example.test',
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  uri: 'https://example.test/conformance',
  url: 'https://example.test/conformance',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.test',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

const MAX_DEPTH = 8;

function asSchema(value: unknown): Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : {};
}

/** Follows a local `#/...` reference inside the root schema; anything else resolves to `{}`. */
function resolve(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return schema;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean))
    node = asSchema(node)[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))];
  return asSchema(node);
}

function firstType(schema: Schema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') ?? t[0]) as string | undefined;
  if (typeof t === 'string') return t;
  if (schema.properties || schema.required) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function numberFor(schema: Schema, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let value = min ?? (exMin !== undefined ? (integer ? Math.floor(exMin) + 1 : exMin + 1) : 1);
  const upper = max ?? (exMax !== undefined ? (integer ? Math.ceil(exMax) - 1 : exMax - 0.5) : undefined);
  if (upper !== undefined && value > upper) value = upper;
  if (integer) value = Math.ceil(value);
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (step !== undefined) value = Math.ceil(value / step) * step;
  return value;
}

function stringFor(schema: Schema, name: string): string {
  if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format])
    return FORMAT_SAMPLES[schema.format];
  if (typeof schema.pattern === 'string') {
    const sample = samplePattern(schema.pattern);
    if (sample !== null) return sample;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  let text = name ? `conformance-${name}` : 'conformance';
  if (text.length < min) text = text.padEnd(min, 'x');
  if (max !== undefined && text.length > max) text = text.slice(0, max);
  return text;
}

/** A value that satisfies `schema` as far as the supported keywords go (checked with ajv after). */
function sampleValue(input: unknown, root: Schema, name = '', depth = 0): unknown {
  const schema = resolve(asSchema(input), root);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[key]) && (schema[key] as unknown[]).length > 0)
      return sampleValue((schema[key] as unknown[])[0], root, name, depth + 1);
  if (Array.isArray(schema.allOf))
    return sampleValue(
      Object.assign({}, ...(schema.allOf as unknown[]).map((s) => resolve(asSchema(s), root)), {
        allOf: undefined,
      }),
      root,
      name,
      depth + 1,
    );
  switch (firstType(schema)) {
    case 'string':
      return stringFor(schema, name);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (depth >= MAX_DEPTH) return [];
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const capped = typeof schema.maxItems === 'number' ? Math.min(count, schema.maxItems) : count;
      return Array.from({ length: capped }, () => sampleValue(schema.items, root, name, depth + 1));
    }
    case 'object':
      return sampleObject(schema, root, depth);
    default:
      return stringFor(schema, name);
  }
}

function sampleObject(schema: Schema, root: Schema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth >= MAX_DEPTH) return out;
  const properties = asSchema(schema.properties);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const key of required) out[key] = sampleValue(properties[key], root, key, depth + 1);
  const minProps = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (const key of Object.keys(properties)) {
    if (Object.keys(out).length >= minProps) break;
    if (!(key in out)) out[key] = sampleValue(properties[key], root, key, depth + 1);
  }
  return out;
}

/** Valid parameters for a tool: an object with every required property. */
export function validParameters(inputSchema: unknown): Record<string, unknown> {
  const root = asSchema(inputSchema);
  const value = sampleObject({ ...resolve(root, root) }, root, 0);
  return value;
}

/** A value of the wrong JSON type for a property schema. */
function wrongTypeFor(schema: Schema): unknown {
  const t = firstType(schema);
  if (t === 'string') return 12345;
  if (t === 'number' || t === 'integer') return 'not-a-number';
  if (t === 'boolean') return 'not-a-boolean';
  if (t === 'array') return 'not-an-array';
  if (t === 'object') return 'not-an-object';
  if (Array.isArray(schema.enum)) return '__conformance_not_in_enum__';
  return undefined;
}

/**
 * Parameters that break the schema, with a description of how: a required property of the wrong
 * type, else a required one left out, else an unknown property where none is allowed.
 * Null when the schema accepts anything (no way to be invalid).
 */
export function invalidParameters(
  inputSchema: unknown,
): { parameters: Record<string, unknown>; how: string } | null {
  const root = asSchema(inputSchema);
  const schema = resolve(root, root);
  const properties = asSchema(schema.properties);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const valid = validParameters(root);
  for (const key of [...required, ...Object.keys(properties)]) {
    const wrong = wrongTypeFor(resolve(asSchema(properties[key]), root));
    if (wrong !== undefined)
      return { parameters: { ...valid, [key]: wrong }, how: `"${key}" given as ${JSON.stringify(wrong)}` };
  }
  if (required.length > 0) {
    const { [required[0]]: _dropped, ...rest } = valid;
    return { parameters: rest, how: `required "${required[0]}" left out` };
  }
  if (schema.additionalProperties === false)
    return { parameters: { ...valid, __conformance_unknown__: true }, how: 'an undeclared property added' };
  return null;
}
