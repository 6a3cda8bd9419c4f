// The transport-free connector endpoint (decisions.md 2): raw bytes and headers in, status and
// JSON body out. Verifies the signature over the raw bytes before anything parses them.

import {
  HEADER_TRACE_ID,
  errorAnswer,
  readHeaderFrom,
  statusForCode,
  verify,
  wireAnswerForVerifyFailure,
} from '../protocol/index.ts';
import type { ConnectorAnswer, JsonObject, VerifyResult } from '../protocol/index.ts';
import { clip, EnvelopeError, isObject, kindOf, parseEnvelope } from './envelope.ts';
import { StorageUnavailableError, ToolError } from './errors.ts';
import type { ResolvedOptions } from './options.ts';
import { describeSchemaErrors } from './registry.ts';
import type { ToolRegistry } from './registry.ts';
import type { ConnectorOutcome, ConnectorRequest, ConnectorResponse, ToolContext } from './types.ts';

const NOT_FOUND_BODY = '{"error":"not_found"}';
// Shared by every tool context: `storage` is a getter on the prototype, so contexts stay plain
// objects to spread or log, and reading it explains why a connector has no storage.
const CONTEXT_PROTOTYPE = Object.freeze(
  Object.create(Object.prototype, {
    storage: {
      get() {
        throw new StorageUnavailableError();
      },
    },
  }),
);

/** Path part of a request target (`/service?x=1` and `http://host/service` give `/service`). */
export function pathOf(target: string): string | null {
  if (target.startsWith('/')) {
    // indexOf, not a RegExp: this runs on every request.
    let cut = target.indexOf('?');
    const fragment = target.indexOf('#');
    if (fragment !== -1 && (cut === -1 || fragment < cut)) cut = fragment;
    return cut === -1 ? target : target.slice(0, cut);
  }
  try {
    return new URL(target).pathname;
  } catch {
    return null;
  }
}

export function isEndpoint(options: ResolvedOptions, method: string, target: string): boolean {
  return method.toUpperCase() === 'POST' && pathOf(target) === options.endpointPath;
}

export function notFoundResponse(): ConnectorResponse {
  return {
    status: 404,
    headers: jsonHeaders(),
    body: NOT_FOUND_BODY,
    outcome: emptyOutcome(null, 'not_found', 'no POST endpoint at this method and path'),
  };
}

export function tooLargeResponse(options: ResolvedOptions, received?: number): ConnectorResponse {
  const message = `the request body exceeds this connector's limit of ${options.maxBodyBytes} bytes`;
  const detail =
    received === undefined ? message : `${message} (at least ${received} bytes announced or received)`;
  return answer(
    413,
    errorAnswer('payload_too_large', message),
    emptyOutcome(null, 'payload_too_large', detail),
  );
}

/**
 * The core. A plain value when the tool handler answered synchronously, so adapters write the
 * answer in the same tick instead of chaining promises on every request.
 */
export function handleRequest(
  options: ResolvedOptions,
  registry: ToolRegistry,
  req: ConnectorRequest,
): ConnectorResponse | Promise<ConnectorResponse> {
  if (!isEndpoint(options, req.method, req.path)) return notFoundResponse();
  if (req.body.byteLength > options.maxBodyBytes) return tooLargeResponse(options, req.body.byteLength);

  const { verification, secretIndex } = verifyWithAny(options, req);
  if (!verification.ok) {
    const wire = wireAnswerForVerifyFailure(verification, options.protocolVersion);
    return answer(wire.status, wire.body, emptyOutcome(verification, wire.body.code, verification.message));
  }
  const matched = { index: secretIndex, fingerprint: options.secretFingerprints[secretIndex] };
  const out = answerVerified(options, registry, req, verification);
  if (out instanceof Promise) return out.then((response) => withSecret(response, matched));
  return withSecret(out, matched);
}

function withSecret(
  response: ConnectorResponse,
  matched: { index: number; fingerprint: string },
): ConnectorResponse {
  response.outcome.matchedSecret = matched;
  return response;
}

/**
 * Verifies under each signing secret in turn (current first). A failure other than a mismatch
 * (a stale timestamp, a wrong protocol) proves the secret right, so it is final; when every secret
 * mismatches, the first secret's failure is the one reported.
 */
function verifyWithAny(
  options: ResolvedOptions,
  req: ConnectorRequest,
): { verification: VerifyResult; secretIndex: number } {
  const verifyOptions = {
    now: options.now(),
    toleranceSeconds: options.maxTimestampSkewSeconds,
    protocolVersion: options.protocolVersion,
  };
  const secrets = options.signingSecrets;
  const first = verify(req.body, req.headers, secrets[0], verifyOptions);
  if (first.ok || first.reason !== 'signature_mismatch') return { verification: first, secretIndex: 0 };
  for (let i = 1; i < secrets.length; i++) {
    const next = verify(req.body, req.headers, secrets[i], verifyOptions);
    if (next.ok || next.reason !== 'signature_mismatch') return { verification: next, secretIndex: i };
  }
  return { verification: first, secretIndex: 0 };
}

function answerVerified(
  options: ResolvedOptions,
  registry: ToolRegistry,
  req: ConnectorRequest,
  verification: VerifyResult,
): ConnectorResponse | Promise<ConnectorResponse> {
  const envelope = parseEnvelope(req.body, options.protocolVersion);
  if (envelope instanceof EnvelopeError) {
    const { code, message } = envelope;
    const outcome = {
      ...emptyOutcome(verification, code, message),
      requestType: envelope.type ?? null,
      requestId: envelope.requestId ?? null,
    };
    return answer(statusForCode(code), errorAnswer(code, message), outcome);
  }
  const type = envelope.type as string;
  const requestId = envelope.request_id as string;

  switch (type) {
    case 'ping':
      return answer(
        200,
        { type: 'pong', protocol_version: options.protocolVersion, time: options.now() },
        outcomeOf(verification, type, requestId, null),
      );
    case 'capabilities.list': {
      const body: ConnectorAnswer = {
        type: 'capabilities',
        protocol_version: options.protocolVersion,
        tools: registry.definitions(),
      };
      if (registry.metadata) body.metadata = registry.metadata;
      return answer(200, body, outcomeOf(verification, type, requestId, null));
    }
    case 'tools.list':
      return answer(
        200,
        { type: 'tools', tools: registry.definitions() },
        outcomeOf(verification, type, requestId, null),
      );
    default:
      return invokeTool(registry, envelope, traceIdOf(req), verification);
  }
}

function invokeTool(
  registry: ToolRegistry,
  envelope: JsonObject,
  traceId: string | undefined,
  verification: VerifyResult,
): ConnectorResponse | Promise<ConnectorResponse> {
  const type = envelope.type as string;
  const requestId = envelope.request_id as string;
  if (typeof envelope.tool !== 'string' || envelope.tool === '')
    return failure(
      outcomeOf(verification, type, requestId, null),
      'invalid_request',
      'a tool.invoke request needs a "tool" string',
    );
  const name = envelope.tool;
  const base = outcomeOf(verification, type, requestId, name);
  const tool = registry.tools.get(name);
  if (!tool)
    return failure(
      base,
      'unknown_tool',
      `no tool named ${JSON.stringify(clip(name, 80))} is registered on this connector`,
    );

  const parameters = envelope.parameters === undefined ? {} : envelope.parameters;
  if (!isObject(parameters))
    return failure(base, 'invalid_parameters', `parameters must be a JSON object, got ${kindOf(parameters)}`);
  if (!tool.validate(parameters))
    return failure(
      base,
      'invalid_parameters',
      `parameters of "${name}" do not match its input_schema: ${describeSchemaErrors(tool.validate.errors)}`,
    );

  const ctx: ToolContext = Object.create(CONTEXT_PROTOTYPE);
  ctx.requestId = requestId;
  ctx.identity = isObject(envelope.identity) ? envelope.identity : {};
  ctx.tool = name;
  if (typeof envelope.conversation_id === 'string') ctx.conversationId = envelope.conversation_id;
  if (typeof envelope.organization_id === 'string') ctx.organizationId = envelope.organization_id;
  if (typeof envelope.channel === 'string') ctx.channel = envelope.channel;
  if (traceId !== undefined) ctx.traceId = traceId;

  let output: unknown;
  try {
    output = tool.handler(parameters, ctx);
  } catch (err) {
    return toolThrew(base, name, err);
  }
  // Awaited only when the handler returned a thenable: `await` would accept any of them too.
  if (isThenable(output))
    return Promise.resolve(output).then(
      (value) => toolAnswer(base, name, value),
      (err: unknown) => toolThrew(base, name, err),
    );
  return toolAnswer(base, name, output);
}

function toolAnswer(base: ConnectorOutcome, name: string, output: unknown): ConnectorResponse {
  if (!isObject(output))
    return failure(
      base,
      'tool_error',
      `tool "${name}" returned ${kindOf(output)}; a tool must return a JSON object`,
    );
  try {
    return {
      status: 200,
      headers: jsonHeaders(),
      body: JSON.stringify({ type: 'result', output }),
      outcome: base,
    };
  } catch (err) {
    return failure(
      base,
      'tool_error',
      `tool "${name}" returned an object that cannot be written as JSON (${firstLine((err as Error).message)})`,
    );
  }
}

function toolThrew(base: ConnectorOutcome, name: string, err: unknown): ConnectorResponse {
  if (err instanceof ToolError)
    return answer(200, errorAnswer(err.code, err.message), {
      ...base,
      code: err.code,
      message: err.message,
      details: err.details,
    });
  const detail = err instanceof Error ? `${err.name}: ${firstLine(err.message)}` : `a thrown ${kindOf(err)}`;
  const wire = `tool "${name}" failed: ${clip(firstLine(err instanceof Error ? err.message : String(err)), 300) || 'unexpected error'}`;
  return failure(base, 'tool_error', wire, detail);
}

/** An error answer; `logMessage` is what the outcome keeps for logs when it differs from the wire message. */
function failure(
  base: ConnectorOutcome,
  code: string,
  message: string,
  logMessage: string = message,
): ConnectorResponse {
  return answer(statusForCode(code), errorAnswer(code, message), { ...base, code, message: logMessage });
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (
    v instanceof Promise ||
    (typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function')
  );
}

function answer(status: number, body: ConnectorAnswer, outcome: ConnectorOutcome): ConnectorResponse {
  return { status, headers: jsonHeaders(), body: JSON.stringify(body), outcome };
}

/** A fresh object per response: callers of handle() may add their own headers to it. */
export function jsonHeaders(): Record<string, string> {
  return { 'content-type': 'application/json' };
}

function outcomeOf(
  verification: VerifyResult,
  requestType: string,
  requestId: string,
  tool: string | null,
): ConnectorOutcome {
  return { verification, requestType, tool, requestId, code: null };
}

function emptyOutcome(
  verification: VerifyResult | null,
  code: string | null,
  message?: string,
): ConnectorOutcome {
  const o: ConnectorOutcome = { verification, requestType: null, tool: null, requestId: null, code };
  if (message !== undefined) o.message = message;
  return o;
}

function traceIdOf(req: ConnectorRequest): string | undefined {
  const read = readHeaderFrom(req.headers, HEADER_TRACE_ID);
  return read.state === 'present' && read.value !== '' ? clip(read.value, 200) : undefined;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0].trim();
}
