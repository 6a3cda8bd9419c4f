// The catalogue of signing mistakes signers really make (digest presentation, re-serialized
// bodies, secret variants, payload construction), each a predicate over the received digest.
import { createHmac } from 'node:crypto';
import { hmacHex } from "./sign.js";
// For payloads that are not canonical (the signing mistakes tried below), so not hmacHex.
function hmacRaw(secret, data) {
    // createHmac takes a string key as UTF-8, as hmacHex does.
    return createHmac('sha256', secret).update(data).digest('hex');
}
/**
 * The mistakes worth trying for one candidate secret, most common first; `expected` is the right
 * lowercase digest and `signature` the header as received.
 */
export function* signingMistakes(body, ts, secret, expected, signature) {
    const secretText = typeof secret === 'string' ? secret : Buffer.from(secret).toString('utf8');
    const hmacIs = (s, data) => (received) => hmacRaw(s, data) === received;
    // The canonical payload over another body or key: hmacHex hashes it without concatenating.
    const canonicalIs = (s, b) => (received) => hmacHex(s, ts, b) === received;
    // Presentation of the digest.
    const hexPart = signature.startsWith('v1=') ? signature.slice(3) : signature;
    yield {
        id: 'missing_scheme_prefix',
        title: 'the signature header lacks the "v1=" prefix',
        detail: 'The digest itself is right; send it as "v1=<hex>".',
        matches: () => !signature.startsWith('v1=') && hexPart.toLowerCase() === expected,
    };
    yield {
        id: 'truncated_digest',
        title: `the digest was truncated to ${hexPart.length} hex characters`,
        detail: 'The characters sent are the start of the right digest; send all 64 hex characters of HMAC-SHA256.',
        matches: () => hexPart.length >= 8 && hexPart.length < 64 && expected.startsWith(hexPart.toLowerCase()),
    };
    // Body re-serialized between signing and sending (or by the receiver before verifying).
    for (const form of reserializations(body)) {
        yield {
            id: `body_reserialized:${form.id}`,
            title: `the body was re-serialized (${form.label})`,
            detail: `The signature matches the ${form.label} form of this JSON, not the bytes received: something parsed and re-serialized the body between signing and verifying. Sign and verify the raw bytes exactly as sent.`,
            matches: canonicalIs(secret, form.bytes),
        };
    }
    // Secret variants.
    for (const variant of secretVariants(secretText)) {
        yield {
            id: `secret_variant:${variant.id}`,
            title: variant.label,
            detail: variant.detail,
            matches: canonicalIs(variant.key, body),
        };
    }
    // Payload construction mistakes.
    if (/^\d{1,11}$/.test(ts)) {
        yield {
            id: 'timestamp_milliseconds',
            title: 'the signature was computed over a timestamp in milliseconds',
            detail: 'The signer used milliseconds in the signed payload while sending seconds; use whole unix seconds in both.',
            matches: (received) => signedWithMilliseconds(secret, ts, body, received),
        };
    }
    yield {
        id: 'payload_without_prefix',
        title: 'the payload was signed without the "v1:" prefix',
        detail: 'The signer computed HMAC over "<timestamp>:<body>"; the canonical payload is "v1:<timestamp>:<body>".',
        matches: hmacIs(secret, Buffer.concat([Buffer.from(`${ts}:`), body])),
    };
    for (const sep of ['.', '', '|', ' ', '\n']) {
        yield {
            id: `payload_separator:${JSON.stringify(sep)}`,
            title: `the payload was joined with ${sep === '' ? 'no separator' : JSON.stringify(sep)} instead of ":"`,
            detail: 'The canonical payload is "v1:" + timestamp + ":" + body, joined with colons.',
            matches: hmacIs(secret, Buffer.concat([Buffer.from(`v1${sep}${ts}${sep}`), body])),
        };
        yield {
            id: `payload_separator_no_prefix:${JSON.stringify(sep)}`,
            title: `the payload was "<timestamp>${sep === '\n' ? '\\n' : sep}<body>" (no "v1:" prefix, wrong separator)`,
            detail: 'The canonical payload is "v1:" + timestamp + ":" + body.',
            matches: hmacIs(secret, Buffer.concat([Buffer.from(`${ts}${sep}`), body])),
        };
    }
    yield {
        id: 'body_only',
        title: 'the signature covers the body alone',
        detail: 'The signer computed HMAC over the body without "v1:<timestamp>:", so the timestamp is not protected; sign the canonical payload.',
        matches: hmacIs(secret, body),
    };
}
/** A signer that used Date.now() signed one of the 1,000 millisecond values of that second. */
function signedWithMilliseconds(secret, ts, body, received) {
    const base = Number(ts) * 1000;
    for (let ms = 0; ms < 1000; ms++) {
        if (hmacHex(secret, base + ms, body) === received)
            return true;
    }
    return false;
}
function reserializations(body) {
    let value;
    try {
        value = JSON.parse(body.toString('utf8'));
    }
    catch {
        const forms = [];
        if (body.at(-1) === 0x0a)
            forms.push({
                id: 'trailing_newline_removed',
                label: 'without its trailing newline',
                bytes: body.subarray(0, -1),
            });
        else
            forms.push({
                id: 'trailing_newline_added',
                label: 'with a trailing newline',
                bytes: Buffer.concat([body, Buffer.from('\n')]),
            });
        return forms;
    }
    const sorted = sortKeys(value);
    const candidates = [
        ['compact', 'compact JSON', JSON.stringify(value)],
        ['indent_2', '2-space indented JSON', JSON.stringify(value, null, 2)],
        ['indent_4', '4-space indented JSON', JSON.stringify(value, null, 4)],
        ['sorted_keys', 'compact JSON with sorted keys', JSON.stringify(sorted)],
        ['sorted_keys_indent_2', '2-space indented JSON with sorted keys', JSON.stringify(sorted, null, 2)],
        [
            'unicode_escaped',
            'compact JSON with non-ASCII characters \\u-escaped',
            escapeUnicode(JSON.stringify(value)),
        ],
        ['python_default', 'Python json.dumps default form (", " and ": ")', pythonDumps(value)],
    ];
    const forms = [];
    const seen = new Set([body.toString('utf8')]);
    for (const [id, label, text] of candidates) {
        for (const [suffixId, suffixLabel, suffix] of [
            ['', '', ''],
            ['+newline', ' plus a trailing newline', '\n'],
        ]) {
            const full = text + suffix;
            if (seen.has(full))
                continue;
            seen.add(full);
            forms.push({ id: id + suffixId, label: label + suffixLabel, bytes: Buffer.from(full, 'utf8') });
        }
    }
    if (body.at(-1) === 0x0a) {
        const trimmed = body.subarray(0, -1).toString('utf8');
        if (!seen.has(trimmed))
            forms.push({
                id: 'trailing_newline_removed',
                label: 'body without its trailing newline',
                bytes: body.subarray(0, -1),
            });
    }
    return forms;
}
function sortKeys(value) {
    if (Array.isArray(value))
        return value.map(sortKeys);
    if (value !== null && typeof value === 'object') {
        const out = {};
        for (const key of Object.keys(value).sort())
            out[key] = sortKeys(value[key]);
        return out;
    }
    return value;
}
function escapeUnicode(text) {
    return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
function pythonDumps(value) {
    if (Array.isArray(value))
        return `[${value.map(pythonDumps).join(', ')}]`;
    if (value !== null && typeof value === 'object')
        return `{${Object.entries(value)
            .map(([k, v]) => `${escapeUnicode(JSON.stringify(k))}: ${pythonDumps(v)}`)
            .join(', ')}}`;
    return escapeUnicode(JSON.stringify(value));
}
function secretVariants(secret) {
    const variants = [];
    const seen = new Set([Buffer.from(secret).toString('hex')]);
    const add = (id, label, detail, key) => {
        const k = key.toString('hex');
        if (seen.has(k) || key.length === 0)
            return;
        seen.add(k);
        variants.push({ id, label, detail, key });
    };
    const trimmed = secret.trim();
    add('whitespace', 'the secret differs by surrounding whitespace', 'One side keeps a space or newline around the secret (often from an .env file or a copy-paste); trim it on both sides.', Buffer.from(trimmed));
    add('trailing_newline', 'the secret has a trailing newline on the signing side', 'A secret read from a file kept its final newline; trim it.', Buffer.from(secret + '\n'));
    const bare = trimmed.startsWith('whsec_') ? trimmed.slice('whsec_'.length) : null;
    if (bare !== null) {
        add('whsec_prefix_dropped', 'the signer dropped the "whsec_" prefix of the secret', 'The whole string, prefix included, is the secret: use it as is on both sides.', Buffer.from(bare));
        if (/^[0-9a-fA-F]+$/.test(bare) && bare.length % 2 === 0)
            add('hex_decoded', 'the signer hex-decoded the secret', 'The secret is used as its UTF-8 text, not decoded from hex.', Buffer.from(bare, 'hex'));
        if (/^[A-Za-z0-9+/_-]+=*$/.test(bare))
            add('base64_decoded', 'the signer base64-decoded the secret', 'The secret is used as its UTF-8 text, not decoded from base64.', Buffer.from(bare, 'base64'));
    }
    else {
        add('whsec_prefix_added', 'the signer added a "whsec_" prefix to the secret', 'Use the secret exactly as registered on both sides.', Buffer.from('whsec_' + trimmed));
        if (/^[0-9a-fA-F]+$/.test(trimmed) && trimmed.length % 2 === 0)
            add('hex_decoded', 'the signer hex-decoded the secret', 'The secret is used as its UTF-8 text, not decoded from hex.', Buffer.from(trimmed, 'hex'));
        if (/^[A-Za-z0-9+/_-]+=*$/.test(trimmed) && trimmed.length >= 8)
            add('base64_decoded', 'the signer base64-decoded the secret', 'The secret is used as its UTF-8 text, not decoded from base64.', Buffer.from(trimmed, 'base64'));
    }
    return variants;
}
