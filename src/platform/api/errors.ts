// The one error shape of the mock platform API, `{"error":"<code>","message":"<text>"}` (decisions.md 3),
// and the translation of every Fastify, multipart and domain failure into it: never a 500 for a client mistake.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_ERROR_STATUS, PlatformError, SecretKeyError } from '../errors.ts';
import type { PlatformErrorCode } from '../errors.ts';

/**
 * The domain's codes (decisions.md 3), the login throttle's `rate_limited` (429 with Retry-After),
 * and the one failure that is never the client's.
 */
export type ApiErrorCode = PlatformErrorCode | 'rate_limited' | 'internal_error';

export const API_ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  ...PLATFORM_ERROR_STATUS,
  rate_limited: 429,
  internal_error: 500,
};

/** Thrown by the API layer itself (auth, request shapes the schemas cannot express). */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  /** Seconds for the Retry-After header of a 429. */
  readonly retryAfterSeconds: number | undefined;
  constructor(code: ApiErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = API_ERROR_STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export interface ErrorBody {
  error: string;
  message: string;
  details?: unknown;
}

interface CodedError {
  code?: unknown;
  statusCode?: unknown;
  status?: unknown;
  message?: unknown;
  validation?: unknown;
}

const isKnownCode = (code: unknown): code is ApiErrorCode =>
  typeof code === 'string' && code in API_ERROR_STATUS;

/**
 * Maps any thrown value to a status and body. Domain errors (PlatformError) carry one of our codes
 * already; Fastify and @fastify/multipart errors carry FST_* codes and a 4xx statusCode.
 */
export function toErrorAnswer(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof PlatformError) return { status: error.status, body: error.toJSON() };
  // Not the client's fault, but its message tells the operator what to do with the data folder.
  if (error instanceof SecretKeyError)
    return { status: 500, body: { error: error.code, message: error.message } };
  const e = (error ?? {}) as CodedError;
  const message = typeof e.message === 'string' && e.message ? e.message : 'request failed';
  if (isKnownCode(e.code) && e.code !== 'internal_error')
    return { status: API_ERROR_STATUS[e.code], body: { error: e.code, message } };
  // The schema error formatter (validation.ts) already names the path and the expectation.
  if (e.validation) return { status: 400, body: { error: 'validation_error', message } };
  const status =
    typeof e.statusCode === 'number' ? e.statusCode : typeof e.status === 'number' ? e.status : 500;
  if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_CTP_BODY_TOO_LARGE')
    return { status: 413, body: { error: 'payload_too_large', message: tooLargeMessage(e.code) } };
  if (status === 404) return { status: 404, body: { error: 'not_found', message } };
  if (status === 401) return { status: 401, body: { error: 'unauthorized', message } };
  if (status >= 400 && status < 500)
    return { status: 400, body: { error: 'validation_error', message: clientMessage(e.code, message) } };
  return {
    status: 500,
    body: {
      error: 'internal_error',
      message: 'the mock platform failed to handle this request; see its log',
    },
  };
}

function tooLargeMessage(code: unknown): string {
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return 'the uploaded file is larger than the upload limit of this platform';
  if (code === 'FST_FILES_LIMIT') return 'send exactly one file per upload';
  return 'the request body is larger than this route accepts';
}

function clientMessage(code: unknown, message: string): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `${message}; send Content-Type: application/json (or multipart/form-data for uploads)`;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the body is empty but Content-Type is application/json; send a JSON object or no Content-Type';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'a path segment is longer than 100 characters: no id of this platform is that long';
    case 'FST_ERR_BAD_URL':
      return 'the URL path is not valid (a bad percent-encoding?)';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'this route takes multipart/form-data with a "file" part and a "workspace_id" field';
    default:
      // JSON.parse errors ("Unexpected token } in JSON at position 12") teach enough as they are.
      return message.startsWith('Unexpected') || message.includes('JSON')
        ? `the body is not valid JSON: ${message}`
        : message;
  }
}

export function sendError(reply: FastifyReply, code: ApiErrorCode, message: string): FastifyReply {
  return reply
    .code(API_ERROR_STATUS[code])
    .type('application/json; charset=utf-8')
    .send({ error: code, message });
}

/** For Fastify's `frameworkErrors` option: router failures (bad URL, overlong id) before any route runs. */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = toErrorAnswer(error);
  void reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

/** Where an internal error goes when no logger is configured: the answer says "see its log". */
export function reportToStderr(error: unknown): void {
  process.stderr.write(
    `ctb: internal error in the mock platform API: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}

/** Installs the error and not-found handlers on the root instance (child plugins inherit them). */
export function installErrorHandling(
  app: FastifyInstance,
  report: (error: unknown) => void = reportToStderr,
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'unhandled error in the mock platform API');
    if (body.error === 'internal_error') report(error);
    if (error instanceof ApiError && error.retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    // Serialize by hand: the route's response schema describes its success shape, not this one.
    void reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({
        error: 'not_found',
        message: `no route ${request.method} ${request.url.split('?')[0]} on the mock platform`,
      });
  });
}
