// JSON Schema handling for the discovery and invoke checks: every input_schema must compile under
// draft 2020-12 (ajv), and the compiled validators confirm the generated parameters.

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under Node's ESM loader the default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

export type Validator = ValidateFunction;

export function createAjv(): Ajv2020 {
  // strict: false because connectors legitimately annotate schemas (examples, x-* keys); a real
  // mistake (wrong keyword types, unknown $ref) still fails compilation.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

export function compileSchema(
  ajv: Ajv2020,
  schema: unknown,
): { ok: true; validate: Validator } | { ok: false; message: string } {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return { ok: false, message: 'input_schema is not an object' };
  try {
    return { ok: true, validate: ajv.compile(schema as object) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; ');
}
