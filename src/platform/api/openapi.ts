// /openapi.json: OpenAPI 3.0 generated from the route schemas by @fastify/swagger, plus what schemas cannot
// say: raw and multipart bodies, and the generic statuses (bad body, no token) each route's shape implies.

import swagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { TAGS } from './context.ts';
import { errors } from './schemas.ts';

export const OPENAPI_INFO = {
  title: 'Connector Testbench mock platform',
  description:
    'The platform side of the External Connector Protocol: login, organization, SDK connection administration, ' +
    'business tools, documents, organization events and a read-only GraphQL console. Errors answer {"error","message"}.',
  version: '1',
  license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  [TAGS.session]: 'Login and widget identify: the routes that turn credentials into tokens',
  [TAGS.org]: 'The organization, its plan and its workspaces',
  [TAGS.connections]: 'SDK connection administration (Owner or Admin)',
  [TAGS.tools]: 'Business tools registered by Sync Tools, and their test call',
  [TAGS.documents]: 'Document upload and listing',
  [TAGS.events]: 'Organization events a connector emits, signed with its connection secret',
  [TAGS.system]: 'Health and the GraphQL console',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body of a multipart route, for the document only (the handler validates while streaming). */
    uploadBody?: object;
    /** Body of a raw-bytes route, for the document only (the bytes are verified, not parsed, first). */
    rawBody?: object;
  }
}

type RouteSchema = FastifySchema & {
  security?: ReadonlyArray<Record<string, readonly string[]>>;
  response?: Record<string, unknown>;
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Statuses every route of a given shape answers whatever its handler does: a body can be malformed
 * (400) or too large (413), a path or query can fail its schema (400), a bearer route can lack a token (401).
 */
function genericStatuses(method: string, schema: RouteSchema, hasBody: boolean, guarded: boolean): number[] {
  const statuses: number[] = [];
  if (hasBody || BODY_METHODS.has(method)) statuses.push(400, 413);
  if (schema.params || schema.querystring) statuses.push(400);
  if (schema.security && schema.security.length > 0) statuses.push(401);
  // Behind the launch guard every route also answers 400 (two Host headers) and 403 (no token,
  // a rebinding Host, a foreign Origin) before its own handler runs.
  if (guarded) statuses.push(400, 403);
  return statuses;
}

export interface OpenApiOptions {
  /** The header of the per-launch token when the API runs behind the guard of the app's ports. */
  launchTokenHeader?: string;
}

/** getPost /api/v1/org/sdk-connections/{id}/sync-tools -> postOrgSdkConnectionsIdSyncTools */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

/** Registers the generator; routes registered after it appear in the document. */
export function registerOpenApi(app: FastifyInstance, options: OpenApiOptions = {}): void {
  const guardHeader = options.launchTokenHeader;
  const launchToken: Record<string, { type: 'apiKey'; in: 'header'; name: string; description: string }> =
    guardHeader
      ? {
          launchToken: {
            type: 'apiKey' as const,
            in: 'header' as const,
            name: guardHeader,
            description:
              'The per-launch token of the app (the token of the URL `ctb serve` prints); with it, a loopback Host and no foreign Origin',
          },
        }
      : {};
  const withLaunchToken = (security: ReadonlyArray<Record<string, readonly string[]>>) =>
    !guardHeader
      ? security
      : security.length === 0
        ? [{ launchToken: [] }]
        : security.map((requirement) => ({ ...requirement, launchToken: [] }));
  void app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: OPENAPI_INFO,
      // Replaced per request by the address the document was fetched from (see registerOpenApiRoute).
      servers: [{ url: '/', description: 'This mock platform' }],
      tags: Object.values(TAGS).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token of POST /api/v1/auth/login',
          },
          ...launchToken,
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
      const method = [route.method].flat()[0].toUpperCase();
      const own = schema as RouteSchema;
      const body = config.uploadBody ?? config.rawBody ?? own.body;
      const generic = genericStatuses(method, own, body !== undefined, guardHeader !== undefined);
      const response = { ...errors(...generic), ...own.response };
      const documented: RouteSchema = {
        ...own,
        operationId: (own.operationId as string | undefined) ?? operationId(method, url),
        // Public routes say so explicitly: no user token is needed (and none is checked).
        security: withLaunchToken(own.security ?? []),
        response,
      };
      if (config.uploadBody)
        return { schema: { ...documented, body: config.uploadBody, consumes: ['multipart/form-data'] }, url };
      if (config.rawBody)
        return { schema: { ...documented, body: config.rawBody, consumes: ['application/json'] }, url };
      return { schema: documented, url };
    },
  });
}

/** The origin the client used, when it is a plain host[:port] (anything else falls back to "/"). */
function serverUrl(request: FastifyRequest): string {
  const host = request.host;
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)
    ? `${request.protocol}://${host}`
    : '/';
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  const schema = {
    tags: [TAGS.system],
    summary: 'This document: OpenAPI 3.0 of every route, its statuses and their bodies',
    response: { 200: { type: 'object', additionalProperties: true } },
  };
  app.get('/openapi.json', { schema }, async (request) => ({
    ...app.swagger(),
    servers: [{ url: serverUrl(request), description: 'This mock platform' }],
  }));
}
