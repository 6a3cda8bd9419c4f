// Checks a real answer of the mock platform API against its own /openapi.json: the status must be
// documented for that operation and the body valid (ajv) against the documented response schema.

import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Answer } from './helpers.ts';

// ajv-formats is CommonJS: under Node's ESM loader the default import is module.exports itself.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => void;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApiDoc = any;

/** OpenAPI 3.0 `nullable` to JSON Schema, and `$ref`s to the document's components. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') out.$ref = `doc.json${value as string}`;
    else if (key === 'nullable' || key === 'example' || key === 'examples') continue;
    else out[key] = toJsonSchema(value);
  }
  const s = schema as { nullable?: boolean; type?: unknown; enum?: unknown[] };
  if (s.nullable && typeof s.type === 'string') out.type = [s.type, 'null'];
  if (s.nullable && Array.isArray(s.enum)) out.enum = [...s.enum, null];
  return out;
}

export interface DocChecker {
  /** Throws (with the operation, status and ajv errors) when the answer contradicts the document. */
  check(method: string, template: string, answer: Answer): void;
  operations(): Array<{ method: string; template: string; operation: OpenApiDoc }>;
}

export function docChecker(doc: OpenApiDoc): DocChecker {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc.json', components: toJsonSchema(doc.components) } as object);
  const compiled = new Map<string, ValidateFunction>();

  return {
    check(method, template, answer) {
      const label = `${method.toUpperCase()} ${template} -> ${answer.status}`;
      const operation = doc.paths[template]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${label}: operation not in the document`);
      const response = operation.responses[String(answer.status)];
      if (!response)
        throw new Error(
          `${label}: status not documented (documented: ${Object.keys(operation.responses).join(', ')}); body ${answer.text.slice(0, 300)}`,
        );
      const schema = response.content?.['application/json']?.schema;
      if (!schema) {
        if (answer.text !== '')
          throw new Error(`${label}: documented without a body, answered ${answer.text}`);
        return;
      }
      const key = `${method} ${template} ${answer.status}`;
      let validate = compiled.get(key);
      if (!validate) {
        validate = ajv.compile(toJsonSchema(schema) as object);
        compiled.set(key, validate);
      }
      if (answer.json === undefined)
        throw new Error(`${label}: body is not JSON: ${answer.text.slice(0, 300)}`);
      if (!validate(answer.json))
        throw new Error(
          `${label}: body does not match the documented schema: ${ajv.errorsText(validate.errors)}; body ${answer.text.slice(0, 300)}`,
        );
    },
    operations() {
      return Object.entries(doc.paths as Record<string, Record<string, OpenApiDoc>>).flatMap(
        ([template, ops]) =>
          Object.entries(ops).map(([method, operation]) => ({ method, template, operation })),
      );
    },
  };
}
