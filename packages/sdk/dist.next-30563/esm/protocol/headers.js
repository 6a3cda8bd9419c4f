// Reading protocol headers the way decisions.md 1 requires: names case-insensitive, a header
// sent twice reported as such (whether the transport kept both values or joined them with commas).
/**
 * Lower-cased name -> every value received under any letter case of that name. `only` limits the
 * map to the names a caller reads (verify needs three of a request's dozen headers).
 */
export function collectHeaders(headers, only) {
    const out = new Map();
    if (Array.isArray(headers))
        for (const [n, v] of headers)
            addHeader(out, only, n, v);
    else if (typeof headers.forEach === 'function' && !isPlainRecord(headers))
        headers.forEach((v, n) => addHeader(out, only, n, v));
    else {
        const record = headers;
        // Own enumerable keys, as Object.entries gave, without an array of [key, value] arrays.
        for (const n of Object.keys(record))
            addHeader(out, only, n, record[n]);
    }
    return out;
}
function addHeader(out, only, name, value) {
    if (value === undefined)
        return;
    const key = name.toLowerCase();
    if (only !== undefined && !only.has(key))
        return;
    let list = out.get(key);
    if (list === undefined) {
        list = [];
        out.set(key, list);
    }
    if (Array.isArray(value))
        for (const v of value)
            list.push(v);
    else
        list.push(value);
}
/** An object literal or null-prototype record (not a Headers, Map or class instance). */
export function isPlainRecord(value) {
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}
/**
 * One protocol header. Values of these headers never legitimately contain a comma, so a comma
 * means a transport joined two copies (node:http and fetch's Headers both do).
 */
export function readHeader(headers, name) {
    return readValues(headers.get(name.toLowerCase()));
}
function readValues(values) {
    if (!values || values.length === 0)
        return { state: 'missing' };
    // The common case (one value, no comma) skips the split: this runs on every verified request.
    if (values.length === 1 && !values[0].includes(','))
        return { state: 'present', value: values[0].trim() };
    const split = values.flatMap((v) => v.split(',')).map((v) => v.trim());
    if (split.length > 1)
        return { state: 'duplicated', values: split };
    return { state: 'present', value: split[0].trim() };
}
/**
 * readHeader(collectHeaders(headers), name) for each lowercase name, without building a map when
 * `headers` is a plain object (node's req.headers, a literal): its keys are scanned once, and only
 * a key that is another letter case of a wanted name sends the call down the general path.
 */
export function readHeaders(headers, names) {
    if (Array.isArray(headers) || !isPlainRecord(headers))
        return readCollected(headers, names);
    const record = headers;
    const found = new Array(names.length).fill(undefined);
    for (const key in record) {
        const at = names.indexOf(key);
        // for...in also walks inherited keys; Object.keys (the general path) sees own ones only.
        if (at !== -1) {
            if (Object.hasOwn(record, key))
                found[at] = record[key];
        }
        else if (hasNameOfLength(names, key.length) &&
            names.includes(key.toLowerCase()) &&
            Object.hasOwn(record, key))
            return readCollected(headers, names);
    }
    const reads = [];
    for (const value of found)
        reads.push(readValue(value));
    return reads;
}
// A key that lower-cases to an ASCII name has that name's length (the one non-ASCII letter that
// lower-cases to ASCII, the Kelvin sign, is one code unit like its "k"), so only keys of a wanted
// length need lower-casing.
function hasNameOfLength(names, length) {
    for (const n of names)
        if (n.length === length)
            return true;
    return false;
}
/** readHeaders for one name. */
export function readHeaderFrom(headers, name) {
    return readHeaders(headers, [name])[0];
}
function readCollected(headers, names) {
    const bag = collectHeaders(headers, new Set(names));
    return names.map((n) => readHeader(bag, n));
}
function readValue(value) {
    if (value === undefined)
        return { state: 'missing' };
    if (typeof value !== 'string')
        return readValues(value);
    return value.includes(',') ? readValues([value]) : { state: 'present', value: value.trim() };
}
/** Applies a letter-case style to a header name (fault injection and conformance checks). */
export function recase(name, style) {
    switch (style) {
        case 'upper':
            return name.toUpperCase();
        case 'lower':
            return name.toLowerCase();
        case 'canonical':
            return name.replace(/(^|-)([a-z])/g, (_m, sep, c) => sep + c.toUpperCase());
        case 'mixed':
            return Array.from(name, (c, i) => (i % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');
    }
}
