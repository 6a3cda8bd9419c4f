// Verification of a signed request (decisions.md 1): headers, timestamp format, signature format,
// constant-time HMAC comparison, skew window in both directions, then the protocol version.
import { DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, HEADER_PROTOCOL, HEADER_SIGNATURE, HEADER_TIMESTAMP, PROTOCOL_VERSION, SIGNATURE_SCHEME, } from "./constants.js";
import { readHeaders } from "./headers.js";
import { hmacHex, nowSeconds } from "./sign.js";
const VERIFIED_HEADERS = [HEADER_SIGNATURE, HEADER_TIMESTAMP, HEADER_PROTOCOL];
/** 1 to 11 ASCII digits (what /^\d{1,11}$/ accepts) as a number, else null; a loop, not a RegExp, on the hot path. */
export function parseTimestamp(value) {
    const n = value.length;
    if (n === 0 || n > 11)
        return null;
    let out = 0;
    for (let i = 0; i < n; i++) {
        const digit = value.charCodeAt(i) - 48;
        if (digit < 0 || digit > 9)
            return null;
        out = out * 10 + digit;
    }
    return out;
}
export function describeMalformedTimestamp(value) {
    if (value === '')
        return 'the timestamp header is empty';
    if (/^\d{13}$/.test(value))
        return `"${value}" looks like milliseconds; the protocol uses whole unix seconds`;
    if (/^\d+\.\d+$/.test(value))
        return `"${value}" has a fractional part; the protocol uses whole unix seconds`;
    if (/^\d+$/.test(value))
        return `"${value}" is too long to be unix seconds`;
    return `"${truncate(value)}" is not a base-10 integer of unix seconds`;
}
export function describeMalformedSignature(value) {
    if (!value.startsWith(`${SIGNATURE_SCHEME}=`)) {
        return /^[0-9a-fA-F]{64}$/.test(value)
            ? 'the signature lacks its scheme prefix: expected "v1=<64 hex>", got bare hex'
            : `expected "v1=<64 hex characters>", got "${truncate(value)}"`;
    }
    const hex = value.slice(3);
    if (!/^[0-9a-fA-F]*$/.test(hex))
        return 'the digest after "v1=" contains characters that are not hex';
    return `the digest after "v1=" has ${hex.length} hex characters; HMAC-SHA256 has 64`;
}
function truncate(value, max = 40) {
    return value.length > max ? `${value.slice(0, max)}…` : value;
}
const SIGNATURE_PREFIX = `${SIGNATURE_SCHEME}=`;
const HEX_DIGEST_LENGTH = 64;
/** The part of the format check that needs no pass over the digest: `v1=` and the length. */
function hasSignatureShape(value) {
    return value.length === SIGNATURE_PREFIX.length + HEX_DIGEST_LENGTH && value.startsWith(SIGNATURE_PREFIX);
}
/**
 * One pass over the received digest (after hasSignatureShape) that both checks it is hex, as
 * /^v1=[0-9a-fA-F]{64}$/ would, and compares it with the lowercase expected digest in constant
 * time: every character is visited and the secret-derived side is only ever OR-ed into `diff`.
 */
function checkSignature(expectedLower, received) {
    const offset = SIGNATURE_PREFIX.length;
    let diff = 0;
    let bad = 0;
    for (let i = 0; i < HEX_DIGEST_LENGTH; i++) {
        const c = received.charCodeAt(offset + i);
        // OR-ing 0x20 folds A-F onto a-f and leaves digits unchanged; digits are tested unfolded
        // because the fold would also turn control characters 0x10-0x19 into digits.
        const folded = c | 0x20;
        bad |= (c - 0x30) >>> 0 > 9 && (folded - 0x61) >>> 0 > 5 ? 1 : 0;
        diff |= expectedLower.charCodeAt(i) ^ folded;
    }
    if (bad !== 0)
        return 'malformed';
    return diff === 0 ? 'equal' : 'different';
}
export function verify(rawBody, headers, secret, options = {}) {
    const now = options.now ?? nowSeconds();
    const tolerance = options.toleranceSeconds ?? DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS;
    const expectedVersion = options.protocolVersion ?? PROTOCOL_VERSION;
    const [sig, ts, protocol] = readHeaders(headers, VERIFIED_HEADERS);
    const headerProblem = checkPresent(HEADER_SIGNATURE, sig) ?? checkPresent(HEADER_TIMESTAMP, ts);
    if (headerProblem)
        return headerProblem;
    if (protocol.state === 'duplicated')
        return fail('duplicated_header', `the ${HEADER_PROTOCOL} header was sent ${protocol.values.length} times`, HEADER_PROTOCOL);
    const tsValue = ts.value;
    const sigValue = sig.value;
    const timestamp = parseTimestamp(tsValue);
    if (timestamp === null)
        return fail('malformed_timestamp', describeMalformedTimestamp(tsValue), HEADER_TIMESTAMP);
    if (!hasSignatureShape(sigValue))
        return fail('malformed_signature', describeMalformedSignature(sigValue), HEADER_SIGNATURE);
    // The hex check rides on the comparison pass, so a non-hex digest of the right length costs an
    // HMAC before it is reported; the reasons and their order are those of the separate checks.
    const check = checkSignature(hmacHex(secret, tsValue, rawBody), sigValue);
    if (check === 'malformed')
        return fail('malformed_signature', describeMalformedSignature(sigValue), HEADER_SIGNATURE);
    const skewSeconds = now - timestamp;
    if (check === 'different') {
        return {
            ok: false,
            reason: 'signature_mismatch',
            header: HEADER_SIGNATURE,
            message: 'the signature does not match the body and timestamp under this secret',
            timestamp,
            skewSeconds,
        };
    }
    if (skewSeconds > tolerance)
        return {
            ok: false,
            reason: 'timestamp_too_old',
            header: HEADER_TIMESTAMP,
            message: `the timestamp is ${skewSeconds} s old; the window is ${tolerance} s`,
            timestamp,
            skewSeconds,
        };
    if (-skewSeconds > tolerance)
        return {
            ok: false,
            reason: 'timestamp_in_future',
            header: HEADER_TIMESTAMP,
            message: `the timestamp is ${-skewSeconds} s in the future; the window is ${tolerance} s`,
            timestamp,
            skewSeconds,
        };
    if (protocol.state === 'present' && protocol.value !== expectedVersion)
        return {
            ok: false,
            reason: 'protocol_mismatch',
            header: HEADER_PROTOCOL,
            message: `protocol version "${truncate(protocol.value)}" was sent; this receiver speaks "${expectedVersion}"`,
            timestamp,
            skewSeconds,
        };
    return { ok: true, timestamp, skewSeconds };
}
function checkPresent(name, read) {
    if (read.state === 'missing')
        return fail('missing_header', `the ${name} header is missing`, name);
    if (read.state === 'duplicated')
        return fail('duplicated_header', `the ${name} header was sent ${read.values.length} times`, name);
    return null;
}
function fail(reason, message, header) {
    return { ok: false, reason, message, header };
}
