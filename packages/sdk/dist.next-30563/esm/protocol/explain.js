// The diagnosis of a signed request: verify it against every candidate secret and, when nothing
// matches, try the mistakes signers really make and name the one that reproduces the signature.
import { DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, HEADER_PROTOCOL, HEADER_SIGNATURE, HEADER_TIMESTAMP, PROTOCOL_VERSION, } from "./constants.js";
import { canonicalPreview, toBytes } from "./canonical-payload.js";
import { fingerprint } from "./fingerprint.js";
import { collectHeaders, readHeader } from "./headers.js";
import { computeSignature, hmacHex, nowSeconds } from "./sign.js";
import { signingMistakes } from "./signing-mistakes.js";
import { verify } from "./verify.js";
const MS_PATTERN = /^\d{13}$/;
export function explain(rawBody, headers, candidateSecrets, options = {}) {
    const now = options.now ?? nowSeconds();
    const tolerance = options.toleranceSeconds ?? DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS;
    const protocolVersion = options.protocolVersion ?? PROTOCOL_VERSION;
    const body = toBytes(rawBody);
    const bag = collectHeaders(headers);
    const sigRead = readHeader(bag, HEADER_SIGNATURE);
    const tsRead = readHeader(bag, HEADER_TIMESTAMP);
    const protoRead = readHeader(bag, HEADER_PROTOCOL);
    const signature = sigRead.state === 'present'
        ? sigRead.value
        : sigRead.state === 'duplicated'
            ? sigRead.values.join(', ')
            : null;
    const tsText = tsRead.state === 'present'
        ? tsRead.value
        : tsRead.state === 'duplicated'
            ? tsRead.values.join(', ')
            : null;
    const tsNumber = tsText !== null && /^\d+$/.test(tsText) ? Number(tsText) : null;
    const secondsTs = tsNumber !== null && MS_PATTERN.test(tsText ?? '') ? Math.floor(tsNumber / 1000) : tsNumber;
    const skewSeconds = secondsTs === null ? null : now - secondsTs;
    const diagnosis = {
        verdict: 'invalid',
        failedCheck: null,
        summary: '',
        received: {
            signature,
            timestamp: tsText,
            protocol: protoRead.state === 'present' ? protoRead.value : null,
            headerNames: [...bag.keys()],
        },
        canonical: { string: tsText === null ? null : canonicalPreview(tsText, body), bodyBytes: body.length },
        expected: candidateSecrets.map((s) => ({
            secret: fingerprint(s),
            signature: tsText === null ? null : computeSignature(s, tsText, body),
        })),
        matchedSecret: null,
        matchedSecretIndex: null,
        skew: {
            now,
            timestamp: secondsTs,
            seconds: skewSeconds,
            toleranceSeconds: tolerance,
            withinWindow: skewSeconds === null ? null : Math.abs(skewSeconds) <= tolerance,
        },
        cause: null,
    };
    if (candidateSecrets.length === 0) {
        diagnosis.summary = 'No secret was given, so the signature cannot be checked.';
        const first = verify(body, headers, '', { now, toleranceSeconds: tolerance, protocolVersion });
        if (!first.ok && first.reason !== 'signature_mismatch')
            diagnosis.failedCheck = first.reason;
        return diagnosis;
    }
    // Verify under each candidate; the first that passes the HMAC check names the secret.
    let primary = verify(body, headers, candidateSecrets[0], {
        now,
        toleranceSeconds: tolerance,
        protocolVersion,
    });
    let matchedIndex = primary.ok || primary.reason !== 'signature_mismatch' ? 0 : -1;
    if (matchedIndex === -1) {
        for (let i = 1; i < candidateSecrets.length; i++) {
            const r = verify(body, headers, candidateSecrets[i], {
                now,
                toleranceSeconds: tolerance,
                protocolVersion,
            });
            if (r.ok || r.reason !== 'signature_mismatch') {
                matchedIndex = i;
                primary = r;
                break;
            }
        }
    }
    if (primary.ok) {
        diagnosis.verdict = 'valid';
        diagnosis.matchedSecret = fingerprint(candidateSecrets[matchedIndex]);
        diagnosis.matchedSecretIndex = matchedIndex;
        diagnosis.summary =
            matchedIndex === 0
                ? `Valid: the signature matches secret ${diagnosis.matchedSecret} and the timestamp is ${describeSkew(primary.skewSeconds)}, inside the ${tolerance} s window.`
                : `Valid under secret ${diagnosis.matchedSecret} (candidate ${matchedIndex + 1}), not under the first candidate: the sender still uses another secret, for example the one before a rotation.`;
        if (matchedIndex > 0)
            diagnosis.cause = otherSecretCause(candidateSecrets, matchedIndex);
        return diagnosis;
    }
    diagnosis.failedCheck = primary.reason;
    if (primary.reason !== 'signature_mismatch' &&
        matchedIndex >= 0 &&
        primary.reason !== 'malformed_signature' &&
        primary.reason !== 'malformed_timestamp') {
        // The HMAC verified (or was never reached for header reasons); say what failed.
        if (primary.timestamp !== undefined) {
            diagnosis.matchedSecret = fingerprint(candidateSecrets[matchedIndex]);
            diagnosis.matchedSecretIndex = matchedIndex;
        }
        if (matchedIndex > 0)
            diagnosis.cause = otherSecretCause(candidateSecrets, matchedIndex);
        diagnosis.summary = summaryFor(primary.reason, primary.message, tolerance);
        return diagnosis;
    }
    // Signature mismatch or a malformed header: look for the mistake that explains it.
    const received = receivedDigest(signature);
    const cause = findCause(body, tsText, received, signature, candidateSecrets);
    diagnosis.cause = cause;
    if (primary.reason === 'missing_header' || primary.reason === 'duplicated_header') {
        diagnosis.summary = summaryFor(primary.reason, primary.message, tolerance);
    }
    else if (cause) {
        diagnosis.summary = `${capitalise(primary.message)}. Most likely cause: ${cause.title}. ${cause.detail}`;
    }
    else if (primary.reason === 'signature_mismatch') {
        diagnosis.summary =
            `The signature matches none of the ${candidateSecrets.length} candidate secret(s) (${diagnosis.expected.map((e) => e.secret).join(', ')}), ` +
                'nor any common signing mistake tried with them. Either the sender uses a different secret, or the body was changed after signing (a proxy, a re-encoding, a tampered byte).';
    }
    else {
        diagnosis.summary = summaryFor(primary.reason, primary.message, tolerance);
    }
    return diagnosis;
}
function describeSkew(skew) {
    if (skew === 0)
        return 'current';
    return skew > 0 ? `${skew} s old` : `${-skew} s in the future`;
}
function capitalise(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
function summaryFor(reason, message, tolerance) {
    switch (reason) {
        case 'timestamp_too_old':
            return `The signature is genuine but ${message}. A replayed request, a queue that held it, or a clock behind: compare the sender's clock with this one (window ±${tolerance} s).`;
        case 'timestamp_in_future':
            return `The signature is genuine but ${message}. The sender's clock runs ahead of this one; sync both with NTP.`;
        case 'protocol_mismatch':
            return `The signature is genuine but ${message}. Configure the same protocolVersion on both sides.`;
        case 'missing_header':
            return `${capitalise(message)}. Every call must carry x-service-signature and x-service-timestamp (a proxy may strip unknown headers).`;
        case 'duplicated_header':
            return `${capitalise(message)}. A request must carry each signing header once; a proxy or client merged two copies.`;
        default:
            return capitalise(message) + '.';
    }
}
function receivedDigest(signature) {
    if (signature === null)
        return null;
    const v = signature.trim();
    const hex = v.startsWith('v1=') ? v.slice(3) : v;
    return /^[0-9a-fA-F]+$/.test(hex) ? hex.toLowerCase() : null;
}
function otherSecretCause(secrets, index) {
    const fp = fingerprint(secrets[index]);
    return {
        id: 'other_secret',
        title: `another known secret (${fp}) signed it`,
        detail: `The request verifies with candidate ${index + 1} (${fp}), not with ${fingerprint(secrets[0])}. After a rotation, restart the connector (or the platform) with the new value on both sides.`,
        secret: fp,
    };
}
function findCause(body, tsText, received, signature, secrets) {
    if (received === null || tsText === null)
        return null;
    for (let i = 0; i < secrets.length; i++) {
        const secret = secrets[i];
        const fp = fingerprint(secret);
        const expected = hmacHex(secret, tsText, body);
        for (const attempt of signingMistakes(body, tsText, secret, expected, signature ?? '')) {
            if (!attempt.matches(received))
                continue;
            const cause = {
                id: attempt.id,
                title: attempt.title,
                detail: attempt.detail,
                secret: fp,
            };
            if (i > 0)
                cause.detail += ` (Found with candidate secret ${i + 1}, ${fp}, not the first one.)`;
            return cause;
        }
        if (i > 0 && expected === received)
            return otherSecretCause(secrets, i);
    }
    return null;
}
