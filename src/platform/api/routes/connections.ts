// SDK connection administration (protocol.md 4.2, decisions.md 3): Owner or Admin only. The plaintext
// signing secret appears in the create and update answers and nowhere else (their response schemas decide it).

import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { TAGS } from '../context.ts';
import {
  bearer,
  connectionInputProperties,
  connectionSchema,
  connectionWithSecretSchema,
  errors,
  flowsSchema,
  idParams,
  listOf,
  orgEventSchema,
  syncReportSchema,
  testReportAnswerSchema,
} from '../schemas.ts';

const BASE = '/api/v1/org/sdk-connections';

interface IdParams {
  id: string;
}

export function registerConnectionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { platform, guards } = ctx;
  const admin = { preHandler: guards.requireAdmin };
  const schemaBase = { tags: [TAGS.connections], security: bearer };

  app.get(
    BASE,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'List connections (never their secrets)',
        response: { 200: listOf(connectionSchema), ...errors(401, 403) },
      },
    },
    async () => ({
      items: platform.connections.list(),
    }),
  );

  app.post(
    BASE,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'Create a connection (premium plan); answers the plaintext signing_secret once',
        body: {
          type: 'object',
          properties: connectionInputProperties,
          required: ['name'],
          additionalProperties: false,
        },
        response: { 201: connectionWithSecretSchema, ...errors(400, 401, 402, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const created = await platform.connections.create(request.body);
      return reply.code(201).send(created);
    },
  );

  app.get<{ Params: IdParams }>(
    `${BASE}/:id`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'One connection (never its secret)',
        params: idParams,
        response: { 200: connectionSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => platform.connections.get(request.params.id),
  );

  app.patch<{ Params: IdParams }>(
    `${BASE}/:id`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary:
          'Partial update; signing_secret "" generates a new one. Answers the current plaintext signing_secret',
        params: idParams,
        body: { type: 'object', properties: connectionInputProperties, additionalProperties: false },
        response: { 200: connectionWithSecretSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      // decisions.md 3: the update answer carries the plaintext secret, rotated or not. Read it
      // before writing, so an undecryptable secret refuses the update instead of half-applying it.
      const rotating =
        typeof request.body === 'object' && request.body !== null && 'signing_secret' in request.body;
      const current = rotating ? undefined : platform.connections.secretOf(request.params.id);
      const updated = await platform.connections.update(request.params.id, request.body);
      return { ...updated, signing_secret: updated.signing_secret ?? current };
    },
  );

  app.delete<{ Params: IdParams }>(
    `${BASE}/:id`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'Delete a connection with its business tools and events; answers 204 with no body',
        params: idParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      platform.connections.remove(request.params.id);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: IdParams }>(
    `${BASE}/:id/test`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'Test Connection: signed ping, expects pong; sets status healthy, degraded or failing',
        params: idParams,
        response: { 200: testReportAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => platform.connections.test(request.params.id),
  );

  app.post<{ Params: IdParams; Body: { workspace_id?: string | null } | undefined }>(
    `${BASE}/:id/sync-tools`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary:
          'Sync Tools: capabilities.list (legacy tools.list); registers business tools in the workspace',
        description:
          'Body optional. workspace_id omitted: the connection’s workspace; null: list only, register nothing.',
        params: idParams,
        body: {
          type: ['object', 'null'],
          properties: { workspace_id: { type: ['string', 'null'], minLength: 1 } },
          additionalProperties: false,
        },
        response: { 200: syncReportSchema, ...errors(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      return platform.connections.syncTools(
        request.params.id,
        'workspace_id' in body ? { workspaceId: body.workspace_id } : {},
      );
    },
  );

  app.get<{ Params: IdParams }>(
    `${BASE}/:id/flows`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'Flows (events, actions, tasks) from the organization metadata of the last sync',
        params: idParams,
        response: { 200: flowsSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => platform.connections.flows(request.params.id),
  );

  app.get<{ Params: IdParams }>(
    `${BASE}/:id/events`,
    {
      ...admin,
      schema: {
        ...schemaBase,
        summary: 'Organization events this connection emitted (newest first), verified or not',
        params: idParams,
        response: { 200: listOf(orgEventSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ items: platform.connections.events(request.params.id) }),
  );
}
