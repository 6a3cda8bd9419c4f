// JSON schemas of the mock platform API: they validate requests, serialize answers (a field missing
// here never leaves the process, which keeps signing_secret out of lists) and become /openapi.json.

import { TIMEOUT_RANGE_MS } from '../validate.ts';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
/** Free-form JSON (tool output, event payload, metadata): serialized as given. */
const anyJson = {} as const;

export const errorSchema = {
  $id: 'Error',
  type: 'object',
  description: 'Every failure: `error` is a stable code, `message` says what was expected and what arrived.',
  properties: { error: str, message: str, details: anyJson },
  required: ['error', 'message'],
} as const;

const errorInfo = {
  type: ['object', 'null'],
  properties: { code: str, message: str },
  required: ['code', 'message'],
} as const;

export const userSchema = {
  type: 'object',
  properties: {
    id: str,
    email: str,
    name: str,
    role: { type: 'string', enum: ['owner', 'admin', 'member'] },
  },
  required: ['id', 'email', 'name', 'role'],
} as const;

export const workspaceSchema = {
  type: 'object',
  properties: { id: str, org_id: str, name: str, created_at: str },
  required: ['id', 'name'],
} as const;

export const planSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', enum: ['free', 'premium'] },
    name: str,
    price_usd_month: { type: 'number' },
    features: { type: 'array', items: str },
    sdk_connections: bool,
    current: bool,
  },
  required: ['id', 'name', 'current'],
} as const;

export const organizationSchema = {
  type: 'object',
  properties: { id: str, name: str, plan: { type: 'string', enum: ['free', 'premium'] }, created_at: str },
  required: ['id', 'name', 'plan'],
} as const;

const testReportSchema = {
  type: ['object', 'null'],
  properties: {
    status: { type: 'string', enum: ['healthy', 'degraded', 'failing'] },
    ok: bool,
    latency_ms: { type: ['number', 'null'] },
    clock_offset_s: { type: ['number', 'null'] },
    error: errorInfo,
    warnings: { type: 'array', items: str },
    tested_at: str,
    request_id: str,
    trace_id: str,
    attempts: int,
    exchange_ids: { type: 'array', items: int },
  },
} as const;

const connectionProperties = {
  id: str,
  name: str,
  webhook_url: nullableStr,
  enabled: bool,
  has_secret: bool,
  status: { type: 'string', enum: ['unknown', 'healthy', 'degraded', 'failing'] },
  last_tested_at: nullableStr,
  workspace_id: nullableStr,
  created_at: str,
  updated_at: str,
  timeout_ms: int,
  last_test: testReportSchema,
  ssrf: {
    type: 'object',
    description:
      'What the SSRF policy says about webhook_url; in dev mode, whether strict mode would refuse it and why.',
    properties: {
      mode: { type: 'string', enum: ['strict', 'dev'] },
      allowed: bool,
      strict_would_refuse: bool,
      reasons: { type: 'array', items: str },
    },
  },
} as const;

const connectionRequired = [
  'id',
  'name',
  'webhook_url',
  'enabled',
  'has_secret',
  'status',
  'workspace_id',
  'created_at',
  'updated_at',
];

/** As listed and read: never the secret. */
export const connectionSchema = {
  type: 'object',
  properties: connectionProperties,
  required: connectionRequired,
} as const;

/** As answered by create and update: the only place the plaintext secret appears. */
export const connectionWithSecretSchema = {
  type: 'object',
  properties: { ...connectionProperties, signing_secret: str },
  required: [...connectionRequired, 'signing_secret'],
} as const;

export const connectionInputProperties = {
  name: { type: 'string', description: 'Unique in the organization' },
  webhook_url: { type: ['string', 'null'], description: 'Connector endpoint; checked by the SSRF policy' },
  signing_secret: {
    type: 'string',
    description: 'Omit on create, or send "" on update, to have one generated',
  },
  enabled: { type: 'boolean', description: 'false when omitted on create' },
  workspace_id: { type: ['string', 'null'], description: 'Workspace that synced tools are registered in' },
  timeout_ms: {
    type: 'integer',
    description: `Timeout of calls to this connector (${TIMEOUT_RANGE_MS.min}-${TIMEOUT_RANGE_MS.max} ms)`,
  },
} as const;

export const testReportAnswerSchema = { ...testReportSchema, type: 'object' } as const;

export const syncReportSchema = {
  type: 'object',
  properties: {
    source: { type: 'string', enum: ['capabilities.list', 'tools.list'] },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: str,
          business_tool_id: nullableStr,
          change: { type: 'string', enum: ['new', 'updated', 'unchanged', 'removed'] },
        },
      },
    },
    metadata: { type: ['object', 'null'], additionalProperties: true },
    warnings: { type: 'array', items: str },
    workspace_id: nullableStr,
    trace_id: str,
  },
} as const;

export const flowsSchema = {
  type: 'object',
  properties: {
    version: { type: ['integer', 'null'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: str,
          kind: { type: 'string', enum: ['event', 'action', 'task'] },
          label: str,
          priority: str,
        },
      },
    },
  },
} as const;

export const orgEventSchema = {
  type: 'object',
  properties: {
    id: str,
    connection_id: str,
    event_id: nullableStr,
    payload: anyJson,
    verified: bool,
    failure: nullableStr,
    declared: bool,
    received_at: str,
  },
} as const;

export const documentSchema = {
  type: 'object',
  properties: {
    id: str,
    workspace_id: str,
    filename: str,
    content_type: str,
    size: int,
    path: str,
    created_at: str,
  },
} as const;

export const businessToolSchema = {
  type: 'object',
  properties: {
    id: str,
    workspace_id: str,
    connection_id: str,
    name: str,
    definition: { type: 'object', additionalProperties: true },
    created_at: str,
    updated_at: str,
  },
} as const;

export const toolTestResultSchema = {
  type: 'object',
  properties: {
    ok: bool,
    output: anyJson,
    error: { type: 'object', properties: { code: str, message: str } },
    duration_ms: { type: 'number' },
    request_id: str,
    trace_id: str,
    exchange_ids: { type: 'array', items: int },
  },
  required: ['ok', 'duration_ms', 'request_id'],
} as const;

const graphqlError = {
  type: 'object',
  properties: {
    message: str,
    locations: {
      type: 'array',
      items: { type: 'object', properties: { line: int, column: int } },
    },
    path: { type: 'array', items: { type: ['string', 'integer'] } },
    extensions: {
      type: 'object',
      properties: { code: { ...str, description: 'e.g. forbidden, QUERY_TOO_DEEP, RESULT_TOO_LARGE' } },
      additionalProperties: true,
    },
  },
  required: ['message'],
} as const;

/** A GraphQL answer: `data` (null when a non-null root field failed) and/or `errors`. */
export const graphqlResultSchema = {
  type: 'object',
  properties: {
    data: { type: ['object', 'null'], additionalProperties: true },
    errors: { type: 'array', items: graphqlError },
  },
} as const;

/** A request GraphQL refuses before execution: GraphQL errors only (no `data`). */
export const graphqlRefusalSchema = {
  type: 'object',
  properties: { errors: { type: 'array', items: graphqlError, minItems: 1 } },
  required: ['errors'],
} as const;

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
} as const;

export const listOf = (items: object) =>
  ({ type: 'object', properties: { items: { type: 'array', items } }, required: ['items'] }) as const;

/** Error answers a route can give, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, object> {
  return Object.fromEntries(statuses.map((s) => [s, { $ref: 'Error#' }]));
}

export const bearer = [{ bearerAuth: [] }];
