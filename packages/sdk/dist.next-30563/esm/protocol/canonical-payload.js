// The canonical signed payload of decisions.md 1: `v1:` + timestamp + `:` + raw body bytes.
// Also renders it for people: printable text with unsafe bytes escaped and long bodies cut.
import { SIGNATURE_SCHEME } from "./constants.js";
export function toBytes(body) {
    if (typeof body === 'string')
        return Buffer.from(body, 'utf8');
    return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
export function payloadPrefix(timestamp) {
    return `${SIGNATURE_SCHEME}:${timestamp}:`;
}
export function canonicalPayload(timestamp, rawBody) {
    return Buffer.concat([Buffer.from(payloadPrefix(timestamp), 'utf8'), toBytes(rawBody)]);
}
/**
 * Shows bytes as text a terminal or a page can display without being fooled: control characters
 * and invalid UTF-8 become escapes, and anything past `maxBytes` is cut with a count.
 */
export function safeText(bytes, maxBytes = 4096) {
    const buf = toBytes(bytes);
    const slice = buf.subarray(0, maxBytes);
    let text;
    let binary = false;
    try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(slice);
    }
    catch {
        // A cut in the middle of a multi-byte character is not binary data: retry without the tail.
        const decoded = buf.length > maxBytes ? tryDecodeWithoutPartialTail(slice) : null;
        if (decoded === null) {
            binary = true;
            text = Array.from(slice, (b) => b >= 0x20 && b < 0x7f && b !== 0x5c
                ? String.fromCharCode(b)
                : `\\x${b.toString(16).padStart(2, '0')}`).join('');
        }
        else
            text = decoded;
    }
    if (!binary)
        text = escapeControls(text);
    return { text, totalBytes: buf.length, truncated: buf.length > maxBytes, binary };
}
function tryDecodeWithoutPartialTail(slice) {
    for (let cut = 1; cut <= 3 && cut < slice.length; cut++) {
        try {
            return new TextDecoder('utf-8', { fatal: true }).decode(slice.subarray(0, slice.length - cut));
        }
        catch {
            /* keep trying shorter */
        }
    }
    return null;
}
function escapeControls(text) {
    return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** The canonical string as a person should read it (body shown safely). */
export function canonicalPreview(timestamp, rawBody, maxBytes = 4096) {
    const safe = safeText(rawBody, maxBytes);
    const tail = safe.truncated ? `…[${safe.totalBytes - maxBytes} more bytes]` : '';
    return payloadPrefix(timestamp) + safe.text + tail;
}
