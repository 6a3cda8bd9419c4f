// The transport-free connector endpoint (decisions.md 2): raw bytes and headers in, status and
// JSON body out. Verifies the signature over the raw bytes before anything parses them.
import { HEADER_TRACE_ID, errorAnswer, readHeaderFrom, statusForCode, verify, wireAnswerForVerifyFailure, } from "../protocol/index.js";
import { StorageUnavailableError, ToolError } from "./errors.js";
import { describeSchemaErrors } from "./registry.js";
const NOT_FOUND_BODY = '{"error":"not_found"}';
// Stateless between calls (no `stream` option), so one decoder serves every request.
const UTF8 = new TextDecoder('utf-8', { fatal: true });
// Shared by every tool context: `storage` is a getter on the prototype, so contexts stay plain
// objects to spread or log, and reading it explains why a connector has no storage.
const CONTEXT_PROTOTYPE = Object.freeze(Object.create(Object.prototype, {
    storage: {
        get() {
            throw new StorageUnavailableError();
        },
    },
}));
const SERVED_TYPES = new Set(['ping', 'capabilities.list', 'tools.list', 'tool.invoke']);
/** Path part of a request target (`/service?x=1` and `http://host/service` give `/service`). */
export function pathOf(target) {
    if (target.startsWith('/')) {
        const cut = target.search(/[?#]/);
        return cut === -1 ? target : target.slice(0, cut);
    }
    try {
        return new URL(target).pathname;
    }
    catch {
        return null;
    }
}
export function isEndpoint(options, method, target) {
    return method.toUpperCase() === 'POST' && pathOf(target) === options.endpointPath;
}
export function notFoundResponse() {
    return {
        status: 404,
        headers: jsonHeaders(),
        body: NOT_FOUND_BODY,
        outcome: emptyOutcome(null, 'not_found', 'no POST endpoint at this method and path'),
    };
}
export function tooLargeResponse(options, received) {
    const message = `the request body exceeds this connector's limit of ${options.maxBodyBytes} bytes`;
    const detail = received === undefined ? message : `${message} (at least ${received} bytes announced or received)`;
    return answer(413, errorAnswer('payload_too_large', message), emptyOutcome(null, 'payload_too_large', detail));
}
/**
 * The core. A plain value when the tool handler answered synchronously, so adapters write the
 * answer in the same tick instead of chaining promises on every request.
 */
export function handleRequest(options, registry, req) {
    if (!isEndpoint(options, req.method, req.path))
        return notFoundResponse();
    if (req.body.byteLength > options.maxBodyBytes)
        return tooLargeResponse(options, req.body.byteLength);
    const { verification, secretIndex } = verifyWithAny(options, req);
    if (!verification.ok) {
        const wire = wireAnswerForVerifyFailure(verification, options.protocolVersion);
        return answer(wire.status, wire.body, emptyOutcome(verification, wire.body.code, verification.message));
    }
    const matched = { index: secretIndex, fingerprint: options.secretFingerprints[secretIndex] };
    const out = answerVerified(options, registry, req, verification);
    if (out instanceof Promise)
        return out.then((response) => withSecret(response, matched));
    return withSecret(out, matched);
}
function withSecret(response, matched) {
    response.outcome.matchedSecret = matched;
    return response;
}
/**
 * Verifies under each signing secret in turn (current first). A failure other than a mismatch
 * (a stale timestamp, a wrong protocol) proves the secret right, so it is final; when every secret
 * mismatches, the first secret's failure is the one reported.
 */
function verifyWithAny(options, req) {
    const verifyOptions = {
        now: options.now(),
        toleranceSeconds: options.maxTimestampSkewSeconds,
        protocolVersion: options.protocolVersion,
    };
    const secrets = options.signingSecrets;
    const first = verify(req.body, req.headers, secrets[0], verifyOptions);
    if (first.ok || first.reason !== 'signature_mismatch')
        return { verification: first, secretIndex: 0 };
    for (let i = 1; i < secrets.length; i++) {
        const next = verify(req.body, req.headers, secrets[i], verifyOptions);
        if (next.ok || next.reason !== 'signature_mismatch')
            return { verification: next, secretIndex: i };
    }
    return { verification: first, secretIndex: 0 };
}
function answerVerified(options, registry, req, verification) {
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
    const type = envelope.type;
    const requestId = envelope.request_id;
    switch (type) {
        case 'ping':
            return answer(200, { type: 'pong', protocol_version: options.protocolVersion, time: options.now() }, outcomeOf(verification, type, requestId, null));
        case 'capabilities.list': {
            const body = {
                type: 'capabilities',
                protocol_version: options.protocolVersion,
                tools: registry.definitions(),
            };
            if (registry.metadata)
                body.metadata = registry.metadata;
            return answer(200, body, outcomeOf(verification, type, requestId, null));
        }
        case 'tools.list':
            return answer(200, { type: 'tools', tools: registry.definitions() }, outcomeOf(verification, type, requestId, null));
        default:
            return invokeTool(registry, envelope, traceIdOf(req), verification);
    }
}
function invokeTool(registry, envelope, traceId, verification) {
    const type = envelope.type;
    const requestId = envelope.request_id;
    if (typeof envelope.tool !== 'string' || envelope.tool === '')
        return failure(outcomeOf(verification, type, requestId, null), 'invalid_request', 'a tool.invoke request needs a "tool" string');
    const name = envelope.tool;
    const base = outcomeOf(verification, type, requestId, name);
    const tool = registry.tools.get(name);
    if (!tool)
        return failure(base, 'unknown_tool', `no tool named ${JSON.stringify(clip(name, 80))} is registered on this connector`);
    const parameters = envelope.parameters === undefined ? {} : envelope.parameters;
    if (!isObject(parameters))
        return failure(base, 'invalid_parameters', `parameters must be a JSON object, got ${kindOf(parameters)}`);
    if (!tool.validate(parameters))
        return failure(base, 'invalid_parameters', `parameters of "${name}" do not match its input_schema: ${describeSchemaErrors(tool.validate.errors)}`);
    const ctx = Object.create(CONTEXT_PROTOTYPE);
    ctx.requestId = requestId;
    ctx.identity = isObject(envelope.identity) ? envelope.identity : {};
    ctx.tool = name;
    if (typeof envelope.conversation_id === 'string')
        ctx.conversationId = envelope.conversation_id;
    if (typeof envelope.organization_id === 'string')
        ctx.organizationId = envelope.organization_id;
    if (typeof envelope.channel === 'string')
        ctx.channel = envelope.channel;
    if (traceId !== undefined)
        ctx.traceId = traceId;
    let output;
    try {
        output = tool.handler(parameters, ctx);
    }
    catch (err) {
        return toolThrew(base, name, err);
    }
    // Awaited only when the handler returned a thenable: `await` would accept any of them too.
    if (isThenable(output))
        return Promise.resolve(output).then((value) => toolAnswer(base, name, value), (err) => toolThrew(base, name, err));
    return toolAnswer(base, name, output);
}
function toolAnswer(base, name, output) {
    if (!isObject(output))
        return failure(base, 'tool_error', `tool "${name}" returned ${kindOf(output)}; a tool must return a JSON object`);
    try {
        return {
            status: 200,
            headers: jsonHeaders(),
            body: JSON.stringify({ type: 'result', output }),
            outcome: base,
        };
    }
    catch (err) {
        return failure(base, 'tool_error', `tool "${name}" returned an object that cannot be written as JSON (${firstLine(err.message)})`);
    }
}
function toolThrew(base, name, err) {
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
function failure(base, code, message, logMessage = message) {
    return answer(statusForCode(code), errorAnswer(code, message), { ...base, code, message: logMessage });
}
function isThenable(v) {
    return (v instanceof Promise ||
        (typeof v === 'object' && v !== null && typeof v.then === 'function'));
}
/** Why a body is not a request envelope, with what could still be read of it for logs. */
class EnvelopeError {
    code;
    message;
    type;
    requestId;
    constructor(code, message, type, requestId) {
        this.code = code;
        this.message = message;
        this.type = type;
        this.requestId = requestId;
    }
}
const REQUIRED_FIELDS = ['type', 'request_id', 'protocol_version'];
function parseEnvelope(body, version) {
    let text;
    try {
        text = UTF8.decode(body);
    }
    catch {
        return new EnvelopeError('invalid_request', 'the body is not valid UTF-8 text; it must be a JSON object');
    }
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return new EnvelopeError('invalid_request', text.trim() === '' ? 'the body is empty; it must be a JSON object' : 'the body is not valid JSON');
    }
    if (!isObject(value))
        return new EnvelopeError('invalid_request', `the body must be a JSON object, got ${kindOf(value)}`);
    const type = typeof value.type === 'string' ? value.type : undefined;
    const requestId = typeof value.request_id === 'string' ? value.request_id : undefined;
    if (!type || !requestId || typeof value.protocol_version !== 'string' || value.protocol_version === '') {
        const missing = REQUIRED_FIELDS.filter((k) => typeof value[k] !== 'string' || value[k] === '');
        return new EnvelopeError('invalid_request', `the request needs string field(s): ${missing.join(', ')}`, type, requestId);
    }
    if (value.protocol_version !== version)
        return new EnvelopeError('unsupported_protocol_version', `this connector speaks protocol version ${version}`, type, requestId);
    if (!SERVED_TYPES.has(type))
        return new EnvelopeError('unknown_type', `request type ${JSON.stringify(clip(type, 60))} is not served; this connector serves ${[...SERVED_TYPES].join(', ')}`, type, requestId);
    return value;
}
function answer(status, body, outcome) {
    return { status, headers: jsonHeaders(), body: JSON.stringify(body), outcome };
}
/** A fresh object per response: callers of handle() may add their own headers to it. */
export function jsonHeaders() {
    return { 'content-type': 'application/json' };
}
function outcomeOf(verification, requestType, requestId, tool) {
    return { verification, requestType, tool, requestId, code: null };
}
function emptyOutcome(verification, code, message) {
    const o = { verification, requestType: null, tool: null, requestId: null, code };
    if (message !== undefined)
        o.message = message;
    return o;
}
function traceIdOf(req) {
    const read = readHeaderFrom(req.headers, HEADER_TRACE_ID);
    return read.state === 'present' && read.value !== '' ? clip(read.value, 200) : undefined;
}
function isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function kindOf(v) {
    if (v === null)
        return 'null';
    if (Array.isArray(v))
        return 'an array';
    return v === undefined ? 'nothing (undefined)' : `a ${typeof v}`;
}
function firstLine(text) {
    return text.split('\n', 1)[0].trim();
}
function clip(text, max) {
    return text.length > max ? `${text.slice(0, max)}…` : text;
}
