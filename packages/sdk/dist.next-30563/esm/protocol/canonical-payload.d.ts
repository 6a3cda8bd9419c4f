import type { RawBody } from './types.ts';
export declare function toBytes(body: RawBody): Buffer;
export declare function payloadPrefix(timestamp: string | number): string;
export declare function canonicalPayload(timestamp: string | number, rawBody: RawBody): Buffer;
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
export declare function safeText(bytes: RawBody, maxBytes?: number): SafeText;
/** The canonical string as a person should read it (body shown safely). */
export declare function canonicalPreview(timestamp: string | number, rawBody: RawBody, maxBytes?: number): string;
