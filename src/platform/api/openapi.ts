// /openapi.json: an OpenAPI 3.0 document generated from the route schemas by @fastify/swagger, with
// the bearer scheme and the two bodies Fastify does not parse as JSON (upload, signed event) described.

import swagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { TAGS } from './context.ts';

export const OPENAPI_INFO = {
  title: 'Connector Testbench mock platform',
  description:
    'The platform side of the External Connector Protocol: login, organization, SDK connection administration, ' +
    'business tools, documents, organization events and a read-only GraphQL console. Errors answer {"error","message"}.',
  version: '1',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body of a multipart route, for the document only (the handler validates while streaming). */
    uploadBody?: object;
    /** Body of a raw-bytes route, for the document only (the bytes are verified, not parsed, first). */
    rawBody?: object;
  }
}

/** Registers the generator; routes registered after it appear in the document. */
export function registerOpenApi(app: FastifyInstance): void {
  void app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: OPENAPI_INFO,
      tags: Object.values(TAGS).map((name) => ({ name })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token of POST /api/v1/auth/login',
          },
        },
      },
    },
    refResolver: {
      // Shared schemas keep their $id as component name ("Error"), not "def-0".
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transform: ({ schema, url, route }) => {
      const config: FastifyContextConfig = route.config ?? {};
      if (!schema) return { schema, url };
      if (config.uploadBody)
        return { schema: { ...schema, body: config.uploadBody, consumes: ['multipart/form-data'] }, url };
      if (config.rawBody)
        return { schema: { ...schema, body: config.rawBody, consumes: ['application/json'] }, url };
      return { schema, url };
    },
  });
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
