// What a connector defined in the testbench is: its server settings, its tools and, per tool, the
// behaviour that answers calls. Types and defaults here; the JSON Schema in resources/ mirrors them.

import { randomBytes } from 'node:crypto';
import {
  DEFAULT_ENDPOINT_PATH,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  PROTOCOL_VERSION,
} from '../../protocol/index.ts';
import type { InputSchema, JsonObject, OrgMetadata, ToolAuth } from '../../protocol/index.ts';

/** Answers `output` (templates in string values rendered per call). */
export interface StaticBehaviour {
  type: 'static';
  output: JsonObject;
}

/** Runs a JavaScript function body in a worker thread with a time and memory limit. */
export interface ScriptBehaviour {
  type: 'script';
  source: string;
  timeoutMs?: number;
  memoryMb?: number;
}

/** Answers `{type:"error", code, message}` (HTTP 200, as a tool failure). */
export interface ErrorBehaviour {
  type: 'error';
  code: string;
  message: string;
}

export interface DelayBehaviour {
  type: 'delay';
  ms: number;
  then: Behaviour;
}

/** One step per call, in order; after the last, the last repeats unless `loop` starts over. */
export interface SequenceBehaviour {
  type: 'sequence';
  steps: Behaviour[];
  loop?: boolean;
}

/** Answers a bare HTTP status instead of a protocol answer (a proxy error, a rate limit). */
export interface HttpBehaviour {
  type: 'http';
  status: number;
  /** Seconds, sent as the Retry-After header. */
  retryAfter?: number;
  /** Answer body: a string as is, anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Destroys the connection without answering. */
export interface CloseBehaviour {
  type: 'close';
}

/** Sends the answer body slowly (a congested link, a stalled proxy). */
export interface SlowBehaviour {
  type: 'slow';
  bytesPerSecond?: number;
  chunkDelayMs?: number;
  /** Bytes per chunk with chunkDelayMs (default 16). */
  chunkBytes?: number;
  /** What to answer; an empty result when absent. */
  then?: Behaviour;
}

/** Delegates to the real implementation of a built-in connector (the demo catalog). */
export interface BuiltinBehaviour {
  type: 'builtin';
}

export type Behaviour =
  | StaticBehaviour
  | ScriptBehaviour
  | ErrorBehaviour
  | DelayBehaviour
  | SequenceBehaviour
  | HttpBehaviour
  | CloseBehaviour
  | SlowBehaviour
  | BuiltinBehaviour;

export type BehaviourType = Behaviour['type'];

export interface ToolSpec {
  name: string;
  description: string;
  auth: ToolAuth;
  chat: boolean;
  input_schema: InputSchema;
  behaviour: Behaviour;
}

export type BuiltinKind = 'demo-catalog';

export interface ConnectorDefinition {
  name: string;
  description?: string;
  host: string;
  port: number;
  endpointPath: string;
  signingSecret: string;
  /**
   * Older secrets still accepted after signingSecret, during a rotation: the verification list is
   * [signingSecret, ...previousSigningSecrets], current first, as the SDK takes it.
   */
  previousSigningSecrets?: string[];
  protocolVersion: string;
  maxTimestampSkewSeconds: number;
  maxBodyBytes: number;
  tools: ToolSpec[];
  metadata?: OrgMetadata;
  /** Set on built-in connectors whose `builtin` behaviours run real code. */
  builtin?: BuiltinKind;
}

/** A definition as people write it: everything with a default may be left out. */
export type DefinitionInput = Partial<Omit<ConnectorDefinition, 'tools'>> & {
  tools?: Array<Partial<ToolSpec>>;
  $schema?: string;
};

export interface StoredDefinition {
  id: string;
  name: string;
  definition: ConnectorDefinition;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
}

export const DEFINITION_DEFAULTS = {
  host: '127.0.0.1',
  port: 0,
  endpointPath: DEFAULT_ENDPOINT_PATH,
  protocolVersion: PROTOCOL_VERSION,
  maxTimestampSkewSeconds: DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
} as const;

export const SCRIPT_DEFAULTS = { timeoutMs: 1000, memoryMb: 32 } as const;

/** Same shape as the platform's generated secrets (decisions.md 3). */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** Every secret the connector accepts, current first (what the SDK and the request log verify with). */
export function acceptedSecrets(
  def: Pick<ConnectorDefinition, 'signingSecret' | 'previousSigningSecrets'>,
): string[] {
  return [def.signingSecret, ...(def.previousSigningSecrets ?? [])];
}

/**
 * Fills every default the schema declares, so stored definitions are explicit and an export shows
 * exactly what runs. Unknown input passes through untouched for the validator to report.
 */
export function withDefaults(input: DefinitionInput): DefinitionInput {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const { $schema: _schema, name, description, tools, metadata, builtin, ...settings } = input;
  // Settings first and tools last, so a stored or exported definition reads top-down.
  const out: Record<string, unknown> = { name };
  if (description !== undefined) out.description = description;
  Object.assign(out, DEFINITION_DEFAULTS, settings);
  if (out.signingSecret === undefined || out.signingSecret === '')
    out.signingSecret = generateSigningSecret();
  out.tools = !Array.isArray(tools)
    ? (tools ?? [])
    : tools.map((t: unknown) =>
        t !== null && typeof t === 'object' && !Array.isArray(t)
          ? { auth: 'none', chat: true, input_schema: { type: 'object', properties: {} }, ...t }
          : t,
      );
  if (metadata !== undefined) out.metadata = metadata;
  if (builtin !== undefined) out.builtin = builtin;
  return out as DefinitionInput;
}
