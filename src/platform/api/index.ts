// buildPlatformApi: the mock platform's HTTP surface (protocol.md 4.2, 4.3, 5.2; decisions.md 3) as
// a Fastify instance over the platform services. The caller listens (127.0.0.1) or injects.

import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Platform } from '../index.ts';
import type { ApiContext } from './context.ts';
import { errorSchema } from './schemas.ts';
import { ApiError, frameworkErrorHandler, installErrorHandling } from './errors.ts';
import { jsonDepthExceeds } from '../events.ts';
import { createGuards } from './guard.ts';
import { createTokenService } from './tokens.ts';
import { createLoginThrottle, DEFAULT_LOGIN_LIMITS } from './throttle.ts';
import type { LoginThrottle, ThrottleLimits } from './throttle.ts';
import type { TokenService } from './tokens.ts';
import { registerOpenApi, registerOpenApiRoute } from './openapi.ts';
import { formatSchemaErrors } from './validation.ts';
import { registerSessionRoutes } from './routes/session.ts';
import { registerOrgRoutes } from './routes/org.ts';
import { registerConnectionRoutes } from './routes/connections.ts';
import { registerRotationRoutes } from './routes/rotation.ts';
import { registerToolRoutes } from './routes/tools.ts';
import { registerDocumentRoutes } from './routes/documents.ts';
import { eventRoutes } from './routes/events.ts';
import { registerGraphqlRoute } from './graphql.ts';
import { DEFAULT_GRAPHQL_LIMITS } from './graphql-limits.ts';
import type { GraphqlLimits } from './graphql-limits.ts';

export { ApiError, toErrorAnswer, API_ERROR_STATUS } from './errors.ts';
export type { ApiErrorCode, ErrorBody } from './errors.ts';
export { createTokenService, DEFAULT_USER_TTL_SECONDS } from './tokens.ts';
export type { TokenService, TokenClaims, TokenType } from './tokens.ts';
export { DEFAULT_LOGIN_LIMITS } from './throttle.ts';
export type { ThrottleLimits } from './throttle.ts';
export { DEFAULT_GRAPHQL_LIMITS } from './graphql-limits.ts';
export type { GraphqlLimits } from './graphql-limits.ts';

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DEFAULT_JSON_BODY_LIMIT = 1024 * 1024;

export interface PlatformApiOptions {
  /** HS256 key of user and widget JWTs (>= 32 bytes); the engine derives one per data folder. */
  jwtSecret: Uint8Array;
  /** Where uploads are stored (created on first upload). */
  documentsDir: string;
  /** The data folder: document paths inside it are recorded relative to it. */
  dataDir?: string | null;
  maxUploadBytes?: number;
  /** Limit of JSON bodies; beyond it 413 payload_too_large. */
  bodyLimit?: number;
  userTokenTtlSeconds?: number;
  /** Unix seconds for token issue and expiry checks (tests). */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** Failed-login limits per account and per client address (429 beyond them). */
  loginLimits?: ThrottleLimits;
  /** Depth, alias, cost and result-size limits of POST /graphql (defaults: DEFAULT_GRAPHQL_LIMITS). */
  graphqlLimits?: Partial<GraphqlLimits>;
  /** Where an unexpected (500 internal_error) failure is written; default stderr, so "see its log" holds. */
  onInternalError?: (error: unknown) => void;
  /** The API runs behind the app's launch guard, whose token travels in this header: documented too. */
  launchTokenHeader?: string;
}

export interface PlatformApi extends FastifyInstance {
  /** The token service of this API (the engine and tests mint tokens with it). */
  tokens: TokenService;
  loginThrottle: LoginThrottle;
}

/** Builds (not listens) the API; `listen`, `inject` and `ready` all wait for the plugins to load. */
export function buildPlatformApi(platform: Platform, options: PlatformApiOptions): PlatformApi {
  const bodyLimit = options.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    schemaErrorFormatter: formatSchemaErrors,
    frameworkErrors: frameworkErrorHandler,
  });
  const tokens = createTokenService({
    secret: options.jwtSecret,
    userTtlSeconds: options.userTokenTtlSeconds,
    now: options.now,
  });
  const ctx: ApiContext = {
    platform,
    tokens,
    guards: createGuards(tokens, (id) => platform.users.get(id)),
    documentsDir: options.documentsDir,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    loginThrottle: createLoginThrottle(options.loginLimits ?? DEFAULT_LOGIN_LIMITS),
  };

  installErrorHandling(app, options.onInternalError);
  installJsonParser(app, bodyLimit);
  app.addSchema(errorSchema);
  registerOpenApi(app, { launchTokenHeader: options.launchTokenHeader });
  void app.register(multipart, {
    limits: { fileSize: ctx.maxUploadBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
  });
  void app.register(async (api) => {
    registerSessionRoutes(api, ctx);
    registerOrgRoutes(api, ctx);
    registerConnectionRoutes(api, ctx);
    registerRotationRoutes(api, ctx);
    registerToolRoutes(api, ctx);
    registerDocumentRoutes(api, ctx, options.dataDir ?? null);
    registerGraphqlRoute(api, ctx, { ...DEFAULT_GRAPHQL_LIMITS, ...options.graphqlLimits });
    registerOpenApiRoute(api);
    await api.register(async (child) => eventRoutes(child, ctx));
  });
  return Object.assign(app, { tokens, loginThrottle: ctx.loginThrottle }) as PlatformApi;
}

/** No route takes JSON nested this deep; GraphQL variables and tool parameters stay far below it. */
export const MAX_BODY_DEPTH = 64;

/**
 * Fastify's JSON parser, except that an empty body with Content-Type application/json counts as
 * no body: Postman and curl send that header on body-less POSTs (test, sync-tools).
 */
function installJsonParser(app: FastifyInstance, bodyLimit: number): void {
  // text/plain would reach the schemas as a string; refusing it says "send application/json" instead.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    // Deeper bodies would recurse through schema validation and serialization: refuse them first.
    if (jsonDepthExceeds(body as string, MAX_BODY_DEPTH))
      return done(
        new ApiError('validation_error', `the body is nested deeper than ${MAX_BODY_DEPTH} levels`),
        undefined,
      );
    return parseJson(request, body as string, done);
  });
}
