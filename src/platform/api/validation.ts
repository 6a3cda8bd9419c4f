// Turns Fastify's schema validation failures into messages that name the field and the expectation
// ("body.enabled must be boolean", "body.colour is not a known field"), answered as validation_error.

import type { FastifySchemaValidationError } from 'fastify';

type Part = 'body' | 'querystring' | 'params' | 'headers' | string;

function describe(error: FastifySchemaValidationError, part: Part): string {
  const path = [part, ...error.instancePath.split('/').filter(Boolean)].join('.');
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${path}.${String(params.additionalProperty)} is not a known field`;
    case 'required':
      return `${path}.${String(params.missingProperty)} is required`;
    case 'type':
      return part === 'body' && error.instancePath === ''
        ? 'the body must be a JSON object'
        : `${path} must be ${String(params.type).replace(',', ' or ')}`;
    case 'enum':
      return `${path} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${path} ${error.message ?? 'is invalid'}`;
  }
}

export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  // Fastify adds statusCode 400, code FST_ERR_VALIDATION and `validation` to what this returns.
  return new Error(errors.map((e) => describe(e, dataVar)).join('; '));
}
