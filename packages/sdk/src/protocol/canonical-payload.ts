// The canonical signed payload of decisions.md 1: `v1:` + timestamp + `:` + raw body bytes.
// Also renders it for people: printable text with unsafe bytes escaped and long bodies cut.

import type { RawBody } from './types.ts';
import { SIGNATURE_SCHEME } from './constants.ts';

export function toBytes(body: RawBody): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

export function payloadPrefix(timestamp: string | number): string {
  return `${SIGNATURE_SCHEME}:${timestamp}:`;
}

export function canonicalPayload(timestamp: string | number, rawBody: RawBody): Buffer {
  return Buffer.concat([Buffer.from(payloadPrefix(timestamp), 'utf8'), toBytes(rawBody)]);
}

export interface SafeText {
  text: string;
  totalBytes: number;
  truncated: boolean;
  /** True when the bytes are not valid UTF-8 text and were escaped byte by byte. */
  binary: boolean;
}

/**
 * Shows bytes as text a terminal or a page can display without being fooled: control characters
 * and invalid UTF-8 become escapes, and anything past `maxBytes` is cut with a count.
 */
// One decoder for every call: decode() without { stream: true } keeps no state between calls.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function safeText(bytes: RawBody, maxBytes = 4096): SafeText {
  const buf = toBytes(bytes);
  const slice = buf.subarray(0, maxBytes);
  let text: string;
  let binary = false;
  try {
    text = UTF8.decode(slice);
  } catch {
    // A cut in the middle of a multi-byte character is not binary data: retry without the tail.
    const decoded = buf.length > maxBytes ? tryDecodeWithoutPartialTail(slice) : null;
    if (decoded === null) {
      binary = true;
      text = Array.from(slice, (b) =>
        b >= 0x20 && b < 0x7f && b !== 0x5c
          ? String.fromCharCode(b)
          : `\\x${b.toString(16).padStart(2, '0')}`,
      ).join('');
    } else text = decoded;
  }
  if (!binary) text = escapeControls(text);
  return { text, totalBytes: buf.length, truncated: buf.length > maxBytes, binary };
}

function tryDecodeWithoutPartialTail(slice: Buffer): string | null {
  for (let cut = 1; cut <= 3 && cut < slice.length; cut++) {
    try {
      return UTF8.decode(slice.subarray(0, slice.length - cut));
    } catch {
      /* keep trying shorter */
    }
  }
  return null;
}

function escapeControls(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The canonical string as a person should read it (body shown safely). */
export function canonicalPreview(timestamp: string | number, rawBody: RawBody, maxBytes = 4096): string {
  const safe = safeText(rawBody, maxBytes);
  const tail = safe.truncated ? `…[${safe.totalBytes - maxBytes} more bytes]` : '';
  return payloadPrefix(timestamp) + safe.text + tail;
}
