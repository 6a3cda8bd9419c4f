// The transport-free connector endpoint (decisions.md 2): raw bytes and headers in, status and
// JSON body out. Verifies the signature over the raw bytes before anything parses them.

import { HEADER_TRACE_ID, collectHeaders, errorAnswer, readHeader, statusForCode, verify, wireAnswerForVerifyFailure } from '../protocol/index.ts';
import type { ConnectorAnswer, JsonObject, VerifyResult } from '../protocol/index.ts';
import { ToolError } from './errors.ts';
import type { ResolvedOptions } from './options.ts';
import { describeSchemaErrors } from './registry.ts';
import type { ToolRegistry } from './registry.ts';
import type { ConnectorOutcome, ConnectorRequest, ConnectorResponse, ToolContext } from './types.ts';

export const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json' };
const NOT_FOUND_BODY = '{"error":"not_found"}';
// Stateless between calls (no `stream` option), so one decoder serves every request.
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const SERVED_TYPES = new Set(['ping', 'capabilities.list', 'tools.list', 'tool.invoke']);

/** Path part of a request target (`/service?x=1` and `http://host/service` give `/service`). */
export function pathOf(target: string): string | null {
  if (target.startsWith('/')) {
    const cut = target.search(/[?#]/);
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
  return { status: 404, headers: { ...JSON_HEADERS }, body: NOT_FOUND_BODY, outcome: emptyOutcome(null, 'not_found', 'no POST endpoint at this method and path') };
}

export function tooLargeResponse(options: ResolvedOptions, received?: number): ConnectorResponse {
  const message = `the request body exceeds this connector's limit of ${options.maxBodyBytes} bytes`;
  const detail = received === undefined ? message : `${message} (at least ${received} bytes announced or received)`;
  return answer(413, errorAnswer('payload_too_large', message), emptyOutcome(null, 'payload_too_large', detail));
}

export async function handleRequest(options: ResolvedOptions, registry: ToolRegistry, req: ConnectorRequest): Promise<ConnectorResponse> {
  if (!isEndpoint(options, req.method, req.path)) return notFoundResponse();
  if (req.body.byteLength > options.maxBodyBytes) return tooLargeResponse(options, req.body.byteLength);

  const verification = verify(req.body, req.headers, options.signingSecret, {
    now: options.now(),
    toleranceSeconds: options.maxTimestampSkewSeconds,
    protocolVersion: options.protocolVersion,
  });
  if (!verification.ok) {
    const wire = wireAnswerForVerifyFailure(verification, options.protocolVersion);
    return answer(wire.status, wire.body, emptyOutcome(verification, wire.body.code, verification.message));
  }

  const parsed = parseEnvelope(req.body, options.protocolVersion);
  if ('error' in parsed) {
    const { code, message } = parsed.error;
    const outcome = { ...emptyOutcome(verification, code, message), requestType: parsed.type ?? null, requestId: parsed.requestId ?? null };
    return answer(statusForCode(code), errorAnswer(code, message), outcome);
  }
  const { envelope } = parsed;
  const base: ConnectorOutcome = { verification, requestType: envelope.type as string, tool: null, requestId: envelope.request_id as string, code: null };

  switch (envelope.type) {
    case 'ping':
      return answer(200, { type: 'pong', protocol_version: options.protocolVersion, time: options.now() }, base);
    case 'capabilities.list': {
      const body: ConnectorAnswer = { type: 'capabilities', protocol_version: options.protocolVersion, tools: registry.definitions() };
      if (registry.metadata) body.metadata = registry.metadata;
      return answer(200, body, base);
    }
    case 'tools.list':
      return answer(200, { type: 'tools', tools: registry.definitions() }, base);
    default:
      return invokeTool(registry, envelope, traceIdOf(req), base);
  }
}

async function invokeTool(registry: ToolRegistry, envelope: JsonObject, traceId: string | undefined, base: ConnectorOutcome): Promise<ConnectorResponse> {
  const fail = (code: string, message: string, extra: Partial<ConnectorOutcome> = {}) =>
    answer(statusForCode(code), errorAnswer(code, message), { ...base, ...extra, code, message: extra.message ?? message });

  if (typeof envelope.tool !== 'string' || envelope.tool === '') return fail('invalid_request', 'a tool.invoke request needs a "tool" string');
  const name = envelope.tool;
  base = { ...base, tool: name };
  const tool = registry.tools.get(name);
  if (!tool) return fail('unknown_tool', `no tool named ${JSON.stringify(clip(name, 80))} is registered on this connector`);

  const parameters = envelope.parameters === undefined ? {} : envelope.parameters;
  if (!isObject(parameters)) return fail('invalid_parameters', `parameters must be a JSON object, got ${kindOf(parameters)}`);
  if (!tool.validate(parameters))
    return fail('invalid_parameters', `parameters of "${name}" do not match its input_schema: ${describeSchemaErrors(tool.validate.errors)}`);

  const ctx: ToolContext = { requestId: envelope.request_id as string, identity: isObject(envelope.identity) ? envelope.identity : {}, tool: name };
  if (typeof envelope.conversation_id === 'string') ctx.conversationId = envelope.conversation_id;
  if (typeof envelope.organization_id === 'string') ctx.organizationId = envelope.organization_id;
  if (typeof envelope.channel === 'string') ctx.channel = envelope.channel;
  if (traceId !== undefined) ctx.traceId = traceId;

  let output: unknown;
  try {
    output = await tool.handler(parameters, ctx);
  } catch (err) {
    if (err instanceof ToolError) return answer(200, errorAnswer(err.code, err.message), { ...base, code: err.code, message: err.message, details: err.details });
    const detail = err instanceof Error ? `${err.name}: ${firstLine(err.message)}` : `a thrown ${kindOf(err)}`;
    return fail('tool_error', `tool "${name}" failed: ${clip(firstLine(err instanceof Error ? err.message : String(err)), 300) || 'unexpected error'}`, { message: detail });
  }
  if (!isObject(output)) return fail('tool_error', `tool "${name}" returned ${kindOf(output)}; a tool must return a JSON object`);
  try {
    return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify({ type: 'result', output }), outcome: base };
  } catch (err) {
    return fail('tool_error', `tool "${name}" returned an object that cannot be written as JSON (${firstLine((err as Error).message)})`);
  }
}

type Parsed = { envelope: JsonObject } | { error: { code: string; message: string }; type?: string; requestId?: string };

function parseEnvelope(body: Uint8Array, version: string): Parsed {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    return { error: { code: 'invalid_request', message: 'the body is not valid UTF-8 text; it must be a JSON object' } };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: { code: 'invalid_request', message: text.trim() === '' ? 'the body is empty; it must be a JSON object' : 'the body is not valid JSON' } };
  }
  if (!isObject(value)) return { error: { code: 'invalid_request', message: `the body must be a JSON object, got ${kindOf(value)}` } };
  const type = typeof value.type === 'string' ? value.type : undefined;
  const requestId = typeof value.request_id === 'string' ? value.request_id : undefined;
  const missing = (['type', 'request_id', 'protocol_version'] as const).filter((k) => typeof value[k] !== 'string' || value[k] === '');
  if (missing.length > 0)
    return { error: { code: 'invalid_request', message: `the request needs string field(s): ${missing.join(', ')}` }, type, requestId };
  if (value.protocol_version !== version)
    return {
      error: { code: 'unsupported_protocol_version', message: `this connector speaks protocol version ${version}` },
      type,
      requestId,
    };
  if (!SERVED_TYPES.has(type as string))
    return { error: { code: 'unknown_type', message: `request type ${JSON.stringify(clip(type as string, 60))} is not served; this connector serves ${[...SERVED_TYPES].join(', ')}` }, type, requestId };
  return { envelope: value };
}

function answer(status: number, body: ConnectorAnswer, outcome: ConnectorOutcome): ConnectorResponse {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body), outcome };
}

function emptyOutcome(verification: VerifyResult | null, code: string | null, message?: string): ConnectorOutcome {
  const o: ConnectorOutcome = { verification, requestType: null, tool: null, requestId: null, code };
  if (message !== undefined) o.message = message;
  return o;
}

function traceIdOf(req: ConnectorRequest): string | undefined {
  const headers = req.headers;
  let values: string[] | undefined;
  // Adapters pass [name, value] pairs: scan them instead of building a second header map.
  if (Array.isArray(headers)) {
    for (const [name, value] of headers) if (name.length === HEADER_TRACE_ID.length && name.toLowerCase() === HEADER_TRACE_ID) (values ??= []).push(value);
  } else values = collectHeaders(headers).get(HEADER_TRACE_ID);
  if (!values) return undefined;
  const read = readHeader(new Map([[HEADER_TRACE_ID, values]]), HEADER_TRACE_ID);
  return read.state === 'present' && read.value !== '' ? clip(read.value, 200) : undefined;
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return v === undefined ? 'nothing (undefined)' : `a ${typeof v}`;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0].trim();
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
