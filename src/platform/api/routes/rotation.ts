// Secret rotation of an SDK connection (Owner or Admin): start with an optional grace period, read
// its state by fingerprint, finish it. Only the start answer carries the new plaintext secret, once.

import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { TAGS } from '../context.ts';
import { bearer, errors, idParams } from '../schemas.ts';
import { MAX_GRACE_SECONDS } from '../../rotation.ts';

const BASE = '/api/v1/org/sdk-connections/:id/rotation';
const nullableStr = { type: ['string', 'null'] } as const;

const rotationProperties = {
  connection_id: { type: 'string' },
  state: {
    type: 'string',
    enum: ['none', 'grace', 'switched'],
    description: 'grace: still signing with the previous secret; switched: the grace ended, not yet finished',
  },
  signing_with: { type: 'string', enum: ['current', 'previous'] },
  current_fingerprint: { ...nullableStr, description: 'First 8 hex characters of SHA-256 of the secret' },
  previous_fingerprint: nullableStr,
  grace_ends_at: { ...nullableStr, description: 'ISO 8601; when the platform switches to the new secret' },
} as const;
const rotationRequired = Object.keys(rotationProperties);

export const rotationSchema = { type: 'object', properties: rotationProperties, required: rotationRequired };
const rotationStartSchema = {
  type: 'object',
  properties: { ...rotationProperties, signing_secret: { type: 'string' } },
  required: [...rotationRequired, 'signing_secret'],
};

interface IdParams {
  id: string;
}

export function registerRotationRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { platform, guards } = ctx;
  const admin = { preHandler: guards.requireAdmin };
  const schemaBase = { tags: [TAGS.connections], security: bearer, params: idParams };

  app.get<{ Params: IdParams }>(
    BASE,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'Rotation state of a connection, secrets by fingerprint only',
        response: { 200: rotationSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => platform.connections.rotation.status(request.params.id),
  );

  app.post<{ Params: IdParams }>(
    BASE,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary:
          'Generate a new signing secret; during grace_seconds the platform keeps signing with the previous one',
        body: {
          type: 'object',
          properties: {
            grace_seconds: {
              type: 'integer',
              minimum: 0,
              maximum: MAX_GRACE_SECONDS,
              description: 'Default 0: sign with the new secret at once',
            },
          },
          additionalProperties: false,
        },
        response: { 201: rotationStartSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(platform.connections.rotation.start(request.params.id, request.body ?? {})),
  );

  app.post<{ Params: IdParams }>(
    `${BASE}/finish`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'End the rotation now: sign with the new secret and forget the previous one',
        response: { 200: rotationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => platform.connections.rotation.finish(request.params.id),
  );
}
