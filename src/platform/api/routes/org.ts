// Organization routes: billing plans and workspaces for any user (protocol.md 4.3), the organization
// itself, and the testbench-only plan switch (admin) that shows the premium gate of decisions.md 3.

import type { FastifyInstance } from 'fastify';
import type { Plan } from '../../types.ts';
import type { ApiContext } from '../context.ts';
import { TAGS } from '../context.ts';
import { billingPlans } from '../plans.ts';
import { bearer, errors, listOf, organizationSchema, planSchema, workspaceSchema } from '../schemas.ts';

export function registerOrgRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { platform, guards } = ctx;

  app.get(
    '/api/v1/billing/plans',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: [TAGS.org],
        summary: 'Billing plans; `current` marks the organization’s plan',
        security: bearer,
        response: { 200: listOf(planSchema), ...errors(401) },
      },
    },
    async () => ({ items: billingPlans(platform.organization().plan) }),
  );

  app.get(
    '/api/v1/org/workspaces',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: [TAGS.org],
        summary: 'Workspaces of the organization',
        security: bearer,
        response: { 200: listOf(workspaceSchema), ...errors(401) },
      },
    },
    async () => ({ items: platform.workspaces.list() }),
  );

  app.get(
    '/api/v1/org',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: [TAGS.org],
        summary: 'The organization and its plan',
        security: bearer,
        response: { 200: organizationSchema, ...errors(401) },
      },
    },
    async () => platform.organization(),
  );

  app.post<{ Body: { plan: Plan } }>(
    '/api/v1/org/plan',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: [TAGS.org],
        summary: 'Testbench only: switch the plan (free shows the premium gate on connection create)',
        security: bearer,
        body: {
          type: 'object',
          properties: { plan: { type: 'string', enum: ['free', 'premium'] } },
          required: ['plan'],
          additionalProperties: false,
        },
        response: { 200: organizationSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => platform.setPlan(request.body.plan),
  );
}
