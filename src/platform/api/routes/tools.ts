// Business tools (protocol.md 4.3, decisions.md 3): list what syncs registered, and test one tool,
// which sends a signed tool.invoke to its connector and answers {ok, output|error, duration_ms, request_id}.

import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { TAGS } from '../context.ts';
import { bearer, businessToolSchema, errors, listOf, toolTestResultSchema } from '../schemas.ts';

export function registerToolRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { platform, guards } = ctx;

  app.get<{ Querystring: { workspace_id?: string; connection_id?: string } }>(
    '/api/v1/tools',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: [TAGS.tools],
        summary: 'Business tools registered by syncs, optionally for one workspace or connection',
        security: bearer,
        querystring: {
          type: 'object',
          properties: { workspace_id: { type: 'string' }, connection_id: { type: 'string' } },
          additionalProperties: false,
        },
        response: { 200: listOf(businessToolSchema), ...errors(400, 401) },
      },
    },
    async (request) => ({
      items: platform.businessTools.list({
        ...(request.query.workspace_id !== undefined && { workspaceId: request.query.workspace_id }),
        ...(request.query.connection_id !== undefined && { connectionId: request.query.connection_id }),
      }),
    }),
  );

  app.post<{ Params: { tool_id: string }; Body: { arguments?: Record<string, unknown> } | undefined }>(
    '/api/v1/tools/:tool_id/test',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: [TAGS.tools],
        summary: 'Test a business tool: one signed tool.invoke to its connector',
        description: 'A connector failure is still HTTP 200 with ok=false and error {code, message}.',
        security: bearer,
        params: {
          type: 'object',
          properties: { tool_id: { type: 'string', minLength: 1, maxLength: 100 } },
          required: ['tool_id'],
        },
        body: {
          type: ['object', 'null'],
          properties: {
            arguments: {
              type: 'object',
              additionalProperties: true,
              description: 'Parameters of the tool (its input_schema)',
            },
          },
          additionalProperties: false,
        },
        response: { 200: toolTestResultSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => platform.businessTools.test(request.params.tool_id, request.body?.arguments ?? {}),
  );
}
