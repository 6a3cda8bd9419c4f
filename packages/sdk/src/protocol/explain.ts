// The diagnosis of a signed request: verify it against every candidate secret and, when nothing
// matches, try the mistakes signers really make and name the one that reproduces the signature.

import {
  DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  PROTOCOL_VERSION,
  SIGNATURE_SCHEME,
} from './constants.ts';
import { canonicalPreview, toBytes } from './canonical-payload.ts';
import { fingerprint } from './fingerprint.ts';
import { collectHeaders, readHeader } from './headers.ts';
import { computeSignature, hmacHex, nowSeconds } from './sign.ts';
import type { SecretInput } from './sign.ts';
import type { HeaderBag, RawBody } from './types.ts';
import { signingMistakes } from './signing-mistakes.ts';
import { verify, verifyRead } from './verify.ts';
import type { VerifyFailureReason, VerifyResult } from './verify.ts';

export interface ExplainOptions {
  now?: number;
  toleranceSeconds?: number;
  protocolVersion?: string;
}

export interface MatchedCause {
  /** Stable id, e.g. `body_reserialized:sorted_keys` or `secret_variant:whsec_prefix_dropped`. */
  id: string;
  title: string;
  detail: string;
  /** Fingerprint of the candidate secret the cause was found with. */
  secret?: string;
}

export interface Diagnosis {
  verdict: 'valid' | 'invalid';
  failedCheck: VerifyFailureReason | null;
  /** One paragraph a person can act on. */
  summary: string;
  received: {
    signature: string | null;
    timestamp: string | null;
    protocol: string | null;
    headerNames: string[];
  };
  canonical: { string: string | null; bodyBytes: number };
  expected: Array<{ secret: string; signature: string | null }>;
  /** Fingerprint of the candidate secret that verified, if any. */
  matchedSecret: string | null;
  /** Position (0 = first, the current secret) of that candidate in the list given, if any. */
  matchedSecretIndex: number | null;
  skew: {
    now: number;
    timestamp: number | null;
    seconds: number | null;
    toleranceSeconds: number;
    withinWindow: boolean | null;
  };
  cause: MatchedCause | null;
}

const MS_PATTERN = /^\d{13}$/;

export function explain(
  rawBody: RawBody,
  headers: HeaderBag,
  candidateSecrets: SecretInput[],
  options: ExplainOptions = {},
): Diagnosis {
  const now = options.now ?? nowSeconds();
  const tolerance = options.toleranceSeconds ?? DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS;
  const protocolVersion = options.protocolVersion ?? PROTOCOL_VERSION;
  const body = toBytes(rawBody);
  const bag = collectHeaders(headers);
  const sigRead = readHeader(bag, HEADER_SIGNATURE);
  const tsRead = readHeader(bag, HEADER_TIMESTAMP);
  const protoRead = readHeader(bag, HEADER_PROTOCOL);
  const signature =
    sigRead.state === 'present'
      ? sigRead.value
      : sigRead.state === 'duplicated'
        ? sigRead.values.join(', ')
        : null;
  const tsText =
    tsRead.state === 'present'
      ? tsRead.value
      : tsRead.state === 'duplicated'
        ? tsRead.values.join(', ')
        : null;
  const tsNumber = tsText !== null && /^\d+$/.test(tsText) ? Number(tsText) : null;
  const secondsTs =
    tsNumber !== null && MS_PATTERN.test(tsText ?? '') ? Math.floor(tsNumber / 1000) : tsNumber;
  const skewSeconds = secondsTs === null ? null : now - secondsTs;

  // Verify under each candidate; the first that passes the HMAC check names the secret. Without
  // one, the first candidate's failure is the one reported.
  const checks = { now, toleranceSeconds: tolerance, protocolVersion };
  let first: VerifyResult | null = null;
  let matchedIndex = -1;
  for (let i = 0; i < candidateSecrets.length; i++) {
    const r = verifyRead(body, sigRead, tsRead, protoRead, candidateSecrets[i], checks);
    if (i === 0) first = r;
    if (r.ok || r.reason !== 'signature_mismatch') {
      matchedIndex = i;
      first = r;
      break;
    }
  }

  const diagnosis: Diagnosis = {
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
    expected: candidateSecrets.map((s, i) => ({
      secret: fingerprint(s),
      // The secret that verified: its HMAC equals the received digest, so it is not computed twice.
      signature:
        tsText === null
          ? null
          : first?.ok && i === matchedIndex
            ? `${SIGNATURE_SCHEME}=${signature!.slice(SIGNATURE_SCHEME.length + 1).toLowerCase()}`
            : computeSignature(s, tsText, body),
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
    if (!first.ok && first.reason !== 'signature_mismatch') diagnosis.failedCheck = first.reason;
    return diagnosis;
  }

  const primary = first!;
  if (primary.ok) {
    diagnosis.verdict = 'valid';
    diagnosis.matchedSecret = fingerprint(candidateSecrets[matchedIndex]);
    diagnosis.matchedSecretIndex = matchedIndex;
    diagnosis.summary =
      matchedIndex === 0
        ? `Valid: the signature matches secret ${diagnosis.matchedSecret} and the timestamp is ${describeSkew(primary.skewSeconds)}, inside the ${tolerance} s window.`
        : `Valid under secret ${diagnosis.matchedSecret} (candidate ${matchedIndex + 1}), not under the first candidate: the sender still uses another secret, for example the one before a rotation.`;
    if (matchedIndex > 0) diagnosis.cause = otherSecretCause(candidateSecrets, matchedIndex);
    return diagnosis;
  }

  diagnosis.failedCheck = primary.reason;
  if (
    primary.reason !== 'signature_mismatch' &&
    matchedIndex >= 0 &&
    primary.reason !== 'malformed_signature' &&
    primary.reason !== 'malformed_timestamp'
  ) {
    // The HMAC verified (or was never reached for header reasons); say what failed.
    if (primary.timestamp !== undefined) {
      diagnosis.matchedSecret = fingerprint(candidateSecrets[matchedIndex]);
      diagnosis.matchedSecretIndex = matchedIndex;
    }
    if (matchedIndex > 0) diagnosis.cause = otherSecretCause(candidateSecrets, matchedIndex);
    diagnosis.summary = summaryFor(primary.reason, primary.message, tolerance);
    return diagnosis;
  }

  // Signature mismatch or a malformed header: look for the mistake that explains it.
  const received = receivedDigest(signature);
  const cause = findCause(body, tsText, received, signature, candidateSecrets);
  diagnosis.cause = cause;
  if (primary.reason === 'missing_header' || primary.reason === 'duplicated_header') {
    diagnosis.summary = summaryFor(primary.reason, primary.message, tolerance);
  } else if (cause) {
    diagnosis.summary = `${capitalise(primary.message)}. Most likely cause: ${cause.title}. ${cause.detail}`;
  } else if (primary.reason === 'signature_mismatch') {
    diagnosis.summary =
      `The signature matches none of the ${candidateSecrets.length} candidate secret(s) (${diagnosis.expected.map((e) => e.secret).join(', ')}), ` +
      'nor any common signing mistake tried with them. Either the sender uses a different secret, or the body was changed after signing (a proxy, a re-encoding, a tampered byte).';
  } else {
    diagnosis.summary = summaryFor(primary.reason, primary.message, tolerance);
  }
  return diagnosis;
}

function describeSkew(skew: number): string {
  if (skew === 0) return 'current';
  return skew > 0 ? `${skew} s old` : `${-skew} s in the future`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function summaryFor(reason: VerifyFailureReason, message: string, tolerance: number): string {
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

function receivedDigest(signature: string | null): string | null {
  if (signature === null) return null;
  const v = signature.trim();
  const hex = v.startsWith('v1=') ? v.slice(3) : v;
  return /^[0-9a-fA-F]+$/.test(hex) ? hex.toLowerCase() : null;
}

function otherSecretCause(secrets: SecretInput[], index: number): MatchedCause {
  const fp = fingerprint(secrets[index]);
  return {
    id: 'other_secret',
    title: `another known secret (${fp}) signed it`,
    detail: `The request verifies with candidate ${index + 1} (${fp}), not with ${fingerprint(secrets[0])}. After a rotation, restart the connector (or the platform) with the new value on both sides.`,
    secret: fp,
  };
}

function findCause(
  body: Buffer,
  tsText: string | null,
  received: string | null,
  signature: string | null,
  secrets: SecretInput[],
): MatchedCause | null {
  if (received === null || tsText === null) return null;
  for (let i = 0; i < secrets.length; i++) {
    const secret = secrets[i];
    const fp = fingerprint(secret);
    const expected = hmacHex(secret, tsText, body);
    for (const attempt of signingMistakes(body, tsText, secret, expected, signature ?? '')) {
      if (!attempt.matches(received)) continue;
      const cause: MatchedCause = {
        id: attempt.id,
        title: attempt.title,
        detail: attempt.detail,
        secret: fp,
      };
      if (i > 0) cause.detail += ` (Found with candidate secret ${i + 1}, ${fp}, not the first one.)`;
      return cause;
    }
    if (i > 0 && expected === received) return otherSecretCause(secrets, i);
  }
  return null;
}
