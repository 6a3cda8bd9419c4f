// The diagnosis of a signed request: verify it against every candidate secret and, when nothing
// matches, try the mistakes signers really make and name the one that reproduces the signature.

import { createHmac } from 'node:crypto';
import {
  DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  PROTOCOL_VERSION,
} from './constants.ts';
import { canonicalPreview, toBytes } from './canonical-payload.ts';
import { fingerprint } from './fingerprint.ts';
import { collectHeaders, readHeader } from './headers.ts';
import { computeSignature, hmacHex, nowSeconds } from './sign.ts';
import type { SecretInput } from './sign.ts';
import type { HeaderBag, RawBody } from './types.ts';
import { verify } from './verify.ts';
import type { VerifyFailureReason } from './verify.ts';

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
  skew: {
    now: number;
    timestamp: number | null;
    seconds: number | null;
    toleranceSeconds: number;
    withinWindow: boolean | null;
  };
  cause: MatchedCause | null;
}

interface Attempt {
  id: string;
  title: string;
  detail: string;
  /** Whether this mistake reproduces the received (lower-case hex) digest. */
  matches: (received: string) => boolean;
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
    expected: candidateSecrets.map((s) => ({
      secret: fingerprint(s),
      signature: tsText === null ? null : computeSignature(s, tsText, body),
    })),
    matchedSecret: null,
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
    if (primary.timestamp !== undefined)
      diagnosis.matchedSecret = fingerprint(candidateSecrets[matchedIndex]);
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

// For payloads that are not canonical (the signing mistakes tried below), so not hmacHex.
function hmacRaw(secret: SecretInput, data: Buffer): string {
  // createHmac takes a string key as UTF-8, as hmacHex does.
  return createHmac('sha256', secret).update(data).digest('hex');
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
    for (const attempt of attemptsFor(body, tsText, secret, expected, signature ?? '')) {
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

function* attemptsFor(
  body: Buffer,
  ts: string,
  secret: SecretInput,
  expected: string,
  signature: string,
): Generator<Attempt> {
  const secretText = typeof secret === 'string' ? secret : Buffer.from(secret).toString('utf8');
  const hmacIs = (s: SecretInput, data: Buffer) => (received: string) => hmacRaw(s, data) === received;
  // The canonical payload over another body or key: hmacHex hashes it without concatenating.
  const canonicalIs = (s: SecretInput, b: Buffer) => (received: string) => hmacHex(s, ts, b) === received;

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
    detail:
      'The characters sent are the start of the right digest; send all 64 hex characters of HMAC-SHA256.',
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
      detail:
        'The signer used milliseconds in the signed payload while sending seconds; use whole unix seconds in both.',
      matches: (received) => signedWithMilliseconds(secret, ts, body, received),
    };
  }
  yield {
    id: 'payload_without_prefix',
    title: 'the payload was signed without the "v1:" prefix',
    detail:
      'The signer computed HMAC over "<timestamp>:<body>"; the canonical payload is "v1:<timestamp>:<body>".',
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
    detail:
      'The signer computed HMAC over the body without "v1:<timestamp>:", so the timestamp is not protected; sign the canonical payload.',
    matches: hmacIs(secret, body),
  };
}

/** A signer that used Date.now() signed one of the 1,000 millisecond values of that second. */
function signedWithMilliseconds(secret: SecretInput, ts: string, body: Buffer, received: string): boolean {
  const base = Number(ts) * 1000;
  for (let ms = 0; ms < 1000; ms++) {
    if (hmacHex(secret, base + ms, body) === received) return true;
  }
  return false;
}

interface BodyForm {
  id: string;
  label: string;
  bytes: Buffer;
}

function reserializations(body: Buffer): BodyForm[] {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    const forms: BodyForm[] = [];
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
  const candidates: Array<[string, string, string]> = [
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
  const forms: BodyForm[] = [];
  const seen = new Set<string>([body.toString('utf8')]);
  for (const [id, label, text] of candidates) {
    for (const [suffixId, suffixLabel, suffix] of [
      ['', '', ''],
      ['+newline', ' plus a trailing newline', '\n'],
    ]) {
      const full = text + suffix;
      if (seen.has(full)) continue;
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

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

function escapeUnicode(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function pythonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${escapeUnicode(JSON.stringify(k))}: ${pythonDumps(v)}`)
      .join(', ')}}`;
  return escapeUnicode(JSON.stringify(value));
}

interface SecretVariant {
  id: string;
  label: string;
  detail: string;
  key: Buffer;
}

function secretVariants(secret: string): SecretVariant[] {
  const variants: SecretVariant[] = [];
  const seen = new Set<string>([Buffer.from(secret).toString('hex')]);
  const add = (id: string, label: string, detail: string, key: Buffer) => {
    const k = key.toString('hex');
    if (seen.has(k) || key.length === 0) return;
    seen.add(k);
    variants.push({ id, label, detail, key });
  };
  const trimmed = secret.trim();
  add(
    'whitespace',
    'the secret differs by surrounding whitespace',
    'One side keeps a space or newline around the secret (often from an .env file or a copy-paste); trim it on both sides.',
    Buffer.from(trimmed),
  );
  add(
    'trailing_newline',
    'the secret has a trailing newline on the signing side',
    'A secret read from a file kept its final newline; trim it.',
    Buffer.from(secret + '\n'),
  );
  const bare = trimmed.startsWith('whsec_') ? trimmed.slice('whsec_'.length) : null;
  if (bare !== null) {
    add(
      'whsec_prefix_dropped',
      'the signer dropped the "whsec_" prefix of the secret',
      'The whole string, prefix included, is the secret: use it as is on both sides.',
      Buffer.from(bare),
    );
    if (/^[0-9a-fA-F]+$/.test(bare) && bare.length % 2 === 0)
      add(
        'hex_decoded',
        'the signer hex-decoded the secret',
        'The secret is used as its UTF-8 text, not decoded from hex.',
        Buffer.from(bare, 'hex'),
      );
    if (/^[A-Za-z0-9+/_-]+=*$/.test(bare))
      add(
        'base64_decoded',
        'the signer base64-decoded the secret',
        'The secret is used as its UTF-8 text, not decoded from base64.',
        Buffer.from(bare, 'base64'),
      );
  } else {
    add(
      'whsec_prefix_added',
      'the signer added a "whsec_" prefix to the secret',
      'Use the secret exactly as registered on both sides.',
      Buffer.from('whsec_' + trimmed),
    );
    if (/^[0-9a-fA-F]+$/.test(trimmed) && trimmed.length % 2 === 0)
      add(
        'hex_decoded',
        'the signer hex-decoded the secret',
        'The secret is used as its UTF-8 text, not decoded from hex.',
        Buffer.from(trimmed, 'hex'),
      );
    if (/^[A-Za-z0-9+/_-]+=*$/.test(trimmed) && trimmed.length >= 8)
      add(
        'base64_decoded',
        'the signer base64-decoded the secret',
        'The secret is used as its UTF-8 text, not decoded from base64.',
        Buffer.from(trimmed, 'base64'),
      );
  }
  return variants;
}
