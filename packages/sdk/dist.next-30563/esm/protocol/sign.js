// Signing of decisions.md 1: `v1=` + lowercase hex HMAC-SHA256(secret as UTF-8, canonical payload).
// `signForTest` gives ready headers for tests, as stripe-node's generateTestHeaderString does.
import { createHmac } from 'node:crypto';
import { HEADER_PROTOCOL, HEADER_SIGNATURE, HEADER_TIMESTAMP, PROTOCOL_VERSION, SIGNATURE_SCHEME, } from "./constants.js";
import { payloadPrefix, toBytes } from "./canonical-payload.js";
function payloadMac(secret, timestamp, rawBody) {
    // createHmac takes a string key as UTF-8 itself: no intermediate Buffer per call.
    const mac = createHmac('sha256', secret);
    mac.update(payloadPrefix(timestamp));
    // A string body is hashed as UTF-8 directly instead of being copied into a Buffer first.
    mac.update(typeof rawBody === 'string' ? rawBody : toBytes(rawBody));
    return mac;
}
/** Lowercase hex HMAC-SHA256 of the canonical payload, without the scheme prefix. */
export function hmacHex(secret, timestamp, rawBody) {
    return payloadMac(secret, timestamp, rawBody).digest('hex');
}
export function computeSignature(secret, timestamp, rawBody) {
    return `${SIGNATURE_SCHEME}=${hmacHex(secret, timestamp, rawBody)}`;
}
export function nowSeconds() {
    return Math.floor(Date.now() / 1000);
}
export function sign(secret, rawBody, options = {}) {
    const timestamp = String(options.timestamp ?? nowSeconds());
    return {
        [HEADER_SIGNATURE]: computeSignature(secret, timestamp, rawBody),
        [HEADER_TIMESTAMP]: timestamp,
        [HEADER_PROTOCOL]: options.protocolVersion ?? PROTOCOL_VERSION,
    };
}
/** Signs a JSON value for a test and returns the exact body bytes with their headers. */
export function signForTest(secret, payload, options = {}) {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return { body, headers: sign(secret, body, options) };
}
