// The parameter generator behind the invoke checks: the valid object satisfies the schema under
// ajv, the broken one does not, and schemas that accept anything yield no broken object.

import { describe, expect, it } from 'vitest';
import { invalidParameters, validParameters } from '../../../src/conformance/params.ts';
import { compileSchema, createAjv } from '../../../src/conformance/schemas.ts';

const SCHEMAS: Record<string, object> = {
  'required string': { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
  'enum, minimum and format': {
    type: 'object',
    properties: {
      tier: { enum: ['retail', 'wholesale'] },
      qty: { type: 'integer', minimum: 5, multipleOf: 5 },
      email: { type: 'string', format: 'email' },
    },
    required: ['tier', 'qty', 'email'],
  },
  'array of objects': {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        minItems: 2,
        items: { type: 'object', properties: { sku: { type: 'string', minLength: 20 } }, required: ['sku'] },
      },
    },
    required: ['lines'],
  },
  'pattern and $ref': {
    type: 'object',
    $defs: { id: { type: 'string', pattern: '^[Qq]-\\d{6}$' } },
    properties: { quotation_id: { $ref: '#/$defs/id' } },
    required: ['quotation_id'],
  },
  'closed object without required': { type: 'object', properties: {}, additionalProperties: false },
};

describe('parameter generation from input_schema', () => {
  const ajv = createAjv();
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`builds valid and invalid parameters for a schema with ${name}`, () => {
      const compiled = compileSchema(ajv, schema);
      if (!compiled.ok) throw new Error(compiled.message);
      expect(compiled.validate(validParameters(schema))).toBe(true);
      const broken = invalidParameters(schema);
      expect(broken).not.toBeNull();
      expect(compiled.validate(broken!.parameters)).toBe(false);
    });
  }

  it('is deterministic', () => {
    const schema = SCHEMAS['enum, minimum and format'];
    expect(validParameters(schema)).toEqual(validParameters(schema));
    expect(validParameters(schema)).toEqual({ tier: 'retail', qty: 5, email: 'conformance@example.test' });
  });

  it('finds nothing to break in a schema that accepts any object', () => {
    expect(invalidParameters({ type: 'object' })).toBeNull();
  });
});
