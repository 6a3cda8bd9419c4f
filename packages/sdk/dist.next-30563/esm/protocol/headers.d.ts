import type { HeaderBag } from './types.ts';
export type HeaderRead = {
    state: 'missing';
} | {
    state: 'duplicated';
    values: string[];
} | {
    state: 'present';
    value: string;
};
/**
 * Lower-cased name -> every value received under any letter case of that name. `only` limits the
 * map to the names a caller reads (verify needs three of a request's dozen headers).
 */
export declare function collectHeaders(headers: HeaderBag, only?: ReadonlySet<string>): Map<string, string[]>;
/** An object literal or null-prototype record (not a Headers, Map or class instance). */
export declare function isPlainRecord(value: unknown): boolean;
/**
 * One protocol header. Values of these headers never legitimately contain a comma, so a comma
 * means a transport joined two copies (node:http and fetch's Headers both do).
 */
export declare function readHeader(headers: Map<string, string[]>, name: string): HeaderRead;
/**
 * readHeader(collectHeaders(headers), name) for each lowercase name, without building a map when
 * `headers` is a plain object (node's req.headers, a literal): its keys are scanned once, and only
 * a key that is another letter case of a wanted name sends the call down the general path.
 */
export declare function readHeaders(headers: HeaderBag, names: readonly string[]): HeaderRead[];
/** readHeaders for one name. */
export declare function readHeaderFrom(headers: HeaderBag, name: string): HeaderRead;
/** Applies a letter-case style to a header name (fault injection and conformance checks). */
export declare function recase(name: string, style: 'upper' | 'lower' | 'mixed' | 'canonical'): string;
