// POST /graphql (protocol.md 4.3): a read-only console schema over the same services as REST, with
// the REST field names (snake_case) so one vocabulary serves both. Mutations and subscriptions are refused.

import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  buildSchema,
  execute,
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import type { DocumentNode } from 'graphql';
import { createResultBudget, DEFAULT_GRAPHQL_LIMITS, queryLimitsRule } from './graphql-limits.ts';
import type { GraphqlLimits, ResultBudget } from './graphql-limits.ts';
import type { BusinessTool, ConnectionView, User, Workspace } from '../types.ts';
import type { AuthContext } from './guard.ts';
import { ADMIN_ROLES } from './guard.ts';
import type { ApiContext } from './context.ts';
import { TAGS } from './context.ts';
import { billingPlans } from './plans.ts';
import { bearer, errors, graphqlRefusalSchema, graphqlResultSchema } from './schemas.ts';

export const SDL = /* GraphQL */ `
  "Free-form JSON (tool input schemas, organization metadata)."
  scalar JSON

  type Query {
    me: User!
    organization: Organization!
    billing_plans: [BillingPlan!]!
    workspaces: [Workspace!]!
    workspace(id: ID!): Workspace
    "Owner or Admin only."
    connections: [Connection!]!
    "Owner or Admin only."
    connection(id: ID!): Connection
    business_tools(workspace_id: ID, connection_id: ID): [BusinessTool!]!
    business_tool(id: ID!): BusinessTool
    documents(workspace_id: ID): [Document!]!
  }

  type User {
    id: ID!
    email: String!
    name: String!
    role: String!
  }
  type Organization {
    id: ID!
    name: String!
    plan: String!
    created_at: String!
  }
  type BillingPlan {
    id: ID!
    name: String!
    price_usd_month: Float!
    features: [String!]!
    sdk_connections: Boolean!
    current: Boolean!
  }
  type Workspace {
    id: ID!
    name: String!
    created_at: String!
    business_tools: [BusinessTool!]!
    documents: [Document!]!
  }
  type ErrorInfo {
    code: String!
    message: String!
  }
  type TestReport {
    status: String!
    ok: Boolean!
    latency_ms: Float
    clock_offset_s: Float
    error: ErrorInfo
    warnings: [String!]!
    tested_at: String!
    request_id: String!
    attempts: Int!
  }
  type FlowItem {
    id: ID!
    kind: String!
    label: String!
    priority: String
  }
  type Flows {
    version: Int
    items: [FlowItem!]!
  }
  type Connection {
    id: ID!
    name: String!
    webhook_url: String
    enabled: Boolean!
    has_secret: Boolean!
    status: String!
    last_tested_at: String
    workspace_id: ID
    workspace: Workspace
    created_at: String!
    updated_at: String!
    timeout_ms: Int!
    last_test: TestReport
    flows: Flows!
    business_tools: [BusinessTool!]!
  }
  type BusinessTool {
    id: ID!
    name: String!
    description: String!
    auth: String!
    chat: Boolean!
    input_schema: JSON
    workspace_id: ID!
    connection_id: ID!
    created_at: String!
    updated_at: String!
  }
  type Document {
    id: ID!
    workspace_id: ID!
    filename: String!
    content_type: String!
    size: Int!
    created_at: String!
  }
`;

const schema = buildSchema(SDL);

interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** Charges what a resolver is about to answer; refuses before loading anything once the budget is spent. */
function charging(budget: ResultBudget) {
  return <T>(load: () => T): T => {
    budget.charge(0);
    const value = load();
    budget.charge(JSON.stringify(value)?.length ?? 0);
    return value;
  };
}

function rootValue(ctx: ApiContext, auth: AuthContext, budget: ResultBudget) {
  const { platform } = ctx;
  const charged = charging(budget);
  const requireAdmin = () => {
    if (!ADMIN_ROLES.includes(auth.user.role))
      throw new GraphQLError('connections need the Owner or Admin role', {
        extensions: { code: 'forbidden' },
      });
  };
  const tool = (t: BusinessTool) => ({
    ...t,
    description: t.definition.description ?? '',
    auth: t.definition.auth ?? 'none',
    chat: t.definition.chat ?? true,
    input_schema: t.definition.input_schema ?? null,
  });
  const workspace = (w: Workspace) => ({
    ...w,
    business_tools: () => charged(() => platform.businessTools.list({ workspaceId: w.id })).map(tool),
    documents: () => charged(() => platform.documents.list({ workspaceId: w.id })),
  });
  const connection = (c: ConnectionView) => ({
    ...c,
    workspace: () =>
      c.workspace_id ? mapNullable(platform.workspaces.get(c.workspace_id), workspace) : null,
    flows: () => charged(() => platform.connections.flows(c.id)),
    business_tools: () => charged(() => platform.businessTools.list({ connectionId: c.id })).map(tool),
  });
  const orNull = <T>(fn: () => T): T | null => {
    try {
      return fn();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'not_found') return null;
      throw error;
    }
  };
  return {
    me: (): Pick<User, 'id' | 'email' | 'name' | 'role'> => auth.user,
    organization: () => platform.organization(),
    billing_plans: () => billingPlans(platform.organization().plan),
    workspaces: () => charged(() => platform.workspaces.list()).map(workspace),
    workspace: ({ id }: { id: string }) => mapNullable(platform.workspaces.get(id), workspace),
    connections: () => {
      requireAdmin();
      return charged(() => platform.connections.list()).map(connection);
    },
    connection: ({ id }: { id: string }) => {
      requireAdmin();
      return orNull(() => connection(platform.connections.get(id)));
    },
    business_tools: (args: { workspace_id?: string; connection_id?: string }) =>
      charged(() =>
        platform.businessTools.list({
          ...(args.workspace_id !== undefined && { workspaceId: args.workspace_id }),
          ...(args.connection_id !== undefined && { connectionId: args.connection_id }),
        }),
      ).map(tool),
    business_tool: ({ id }: { id: string }) =>
      orNull(() => tool(charged(() => platform.businessTools.get(id)))),
    documents: (args: { workspace_id?: string }) =>
      charged(() =>
        platform.documents.list(args.workspace_id !== undefined ? { workspaceId: args.workspace_id } : {}),
      ),
  };
}

const mapNullable = <T, R>(value: T | null, fn: (v: T) => R): R | null => (value === null ? null : fn(value));

function requestError(reply: FastifyReply, message: string, code: string) {
  return reply.code(400).send({ errors: [{ message, extensions: { code } }] });
}

export function registerGraphqlRoute(
  app: FastifyInstance,
  ctx: ApiContext,
  limits: GraphqlLimits = DEFAULT_GRAPHQL_LIMITS,
): void {
  const rules = [...specifiedRules, queryLimitsRule(limits)];
  app.post<{ Body: GraphqlBody }>(
    '/graphql',
    {
      preHandler: ctx.guards.requireUser,
      schema: {
        tags: [TAGS.system],
        summary: 'GraphQL console queries (read-only: mutations and subscriptions are refused)',
        security: bearer,
        body: {
          type: 'object',
          properties: {
            query: { type: 'string', minLength: 1, maxLength: 100_000 },
            variables: { type: ['object', 'null'], additionalProperties: true },
            operationName: { type: ['string', 'null'] },
          },
          required: ['query'],
        },
        response: {
          200: graphqlResultSchema,
          400: {
            description:
              'A query that does not parse, validate or fit the limits (GraphQL errors with extensions.code), or a body that is not {query} (Error)',
            anyOf: [graphqlRefusalSchema, { $ref: 'Error#' }],
          },
          ...errors(401, 413),
        },
      },
      // The schemas above document the answers; GraphQL results are serialized exactly as graphql-js built them.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const { query, variables, operationName } = request.body;
      let document: DocumentNode;
      try {
        document = parse(query, { maxTokens: limits.maxTokens });
      } catch (error) {
        return requestError(
          reply,
          `the query does not parse: ${(error as Error).message}`,
          'GRAPHQL_PARSE_FAILED',
        );
      }
      const operation = getOperationAST(document, operationName ?? undefined);
      if (!operation)
        return requestError(
          reply,
          operationName
            ? `no operation named "${operationName}" in the query`
            : 'several operations: send operationName',
          'BAD_REQUEST',
        );
      if (operation.operation !== 'query')
        return requestError(
          reply,
          `${operation.operation} operations are not served: this GraphQL endpoint is read-only; change data through the REST routes (see /openapi.json)`,
          'OPERATION_NOT_SUPPORTED',
        );
      // The spec rules and the limits (depth, aliases, cost) run together, before any resolver.
      const validationErrors = validate(schema, document, rules);
      if (validationErrors.length > 0)
        return reply.code(400).send({
          errors: validationErrors.map((e) => ({
            ...e.toJSON(),
            extensions: { code: e.extensions.code ?? 'GRAPHQL_VALIDATION_FAILED' },
          })),
        });
      const budget = createResultBudget(limits.maxResultBytes);
      const result = await execute({
        schema,
        document,
        rootValue: rootValue(ctx, request.auth!, budget),
        variableValues: variables ?? undefined,
        operationName: operationName ?? undefined,
      });
      // A partial answer cut at an arbitrary alias would mislead more than no answer.
      if (budget.exceeded()) {
        const tooLarge = result.errors?.find((e) => e.extensions.code === 'RESULT_TOO_LARGE');
        return reply.code(400).send({ errors: [tooLarge?.toJSON()] });
      }
      return reply.code(200).send(result);
    },
  );
}
