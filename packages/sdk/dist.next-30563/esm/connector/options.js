// Validation of createConnector options: every mistake is reported at construction with what was
// expected, so a connector never starts half-configured (an empty secret would verify nothing).
import { DEFAULT_ENDPOINT_PATH, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, PROTOCOL_VERSION, fingerprint, nowSeconds, } from "../protocol/index.js";
import { ConnectorConfigError } from "./errors.js";
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export function resolveOptions(options) {
    if (options === null || typeof options !== 'object')
        throw new ConnectorConfigError('createConnector needs an options object with at least { signingSecret }');
    const signingSecrets = resolveSecrets(options.signingSecret);
    const protocolVersion = options.protocolVersion ?? PROTOCOL_VERSION;
    if (typeof protocolVersion !== 'string' || !/^[0-9A-Za-z._-]{1,16}$/.test(protocolVersion))
        throw new ConnectorConfigError(`protocolVersion must be a short version string such as "1", got ${describe(protocolVersion)}`);
    const endpointPath = options.endpointPath ?? DEFAULT_ENDPOINT_PATH;
    if (typeof endpointPath !== 'string' || !endpointPath.startsWith('/') || /[?#\s]/.test(endpointPath))
        throw new ConnectorConfigError(`endpointPath must be a path starting with "/" without query or spaces (e.g. "/service"), got ${describe(endpointPath)}`);
    const maxTimestampSkewSeconds = positiveInteger('maxTimestampSkewSeconds', options.maxTimestampSkewSeconds, DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS);
    const maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES);
    const headersTimeoutMs = positiveInteger('headersTimeoutMs', options.headersTimeoutMs, DEFAULT_HEADERS_TIMEOUT_MS);
    const requestTimeoutMs = positiveInteger('requestTimeoutMs', options.requestTimeoutMs, Math.max(DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs));
    // node:http refuses a headers timeout longer than the whole-request timeout.
    if (headersTimeoutMs > requestTimeoutMs)
        throw new ConnectorConfigError(`headersTimeoutMs (${headersTimeoutMs}) must not exceed requestTimeoutMs (${requestTimeoutMs})`);
    if (options.now !== undefined && typeof options.now !== 'function')
        throw new ConnectorConfigError('now must be a function returning unix seconds');
    return {
        signingSecrets,
        secretFingerprints: signingSecrets.map((s) => fingerprint(s)),
        protocolVersion,
        maxTimestampSkewSeconds,
        endpointPath,
        maxBodyBytes,
        now: options.now ?? nowSeconds,
        headersTimeoutMs,
        requestTimeoutMs,
    };
}
function resolveSecrets(given) {
    const list = Array.isArray(given) ? [...given] : [given];
    if (list.length === 0)
        throw new ConnectorConfigError('signingSecret is an empty list: give at least the current secret (then any older ones still accepted)');
    list.forEach((secret, i) => {
        if (typeof secret !== 'string' || secret.length === 0)
            throw new ConnectorConfigError(list.length === 1
                ? 'signingSecret is required: pass the same non-empty secret as the connection registered on the platform'
                : `signingSecret[${i}] must be a non-empty string, got ${describe(secret)}`);
    });
    const strings = list;
    const twice = strings.findIndex((s, i) => strings.indexOf(s) !== i);
    if (twice !== -1)
        throw new ConnectorConfigError(`signingSecret[${twice}] repeats signingSecret[${strings.indexOf(strings[twice])}] (fingerprint ${fingerprint(strings[twice])}): list each secret once, the current one first`);
    return strings;
}
function positiveInteger(name, value, fallback) {
    if (value === undefined)
        return fallback;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
        throw new ConnectorConfigError(`${name} must be a positive whole number, got ${describe(value)}`);
    return value;
}
function describe(value) {
    if (typeof value === 'string')
        return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
    return value === null ? 'null' : typeof value === 'number' ? String(value) : typeof value;
}
