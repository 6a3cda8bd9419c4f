// What an export hides unless the user asks for secrets: signature and credential headers, and
// credential-looking JSON fields (re-serialized only when something was masked).

import { jsonDepth, MAX_JSON_DEPTH } from '../../client/index.ts';

const REDACTED = '[redacted]';
const SENSITIVE_HEADER =
  /^(x-service-signature|authorization|proxy-authorization|cookie|set-cookie|x-ctb-token)$|secret|token|api[-_]?key|password/i;
const SENSITIVE_KEY = /secret|password|token|api[-_]?key|authorization/i;

/** Header pairs with signatures and credential-looking values replaced, unless secrets are wanted. */
export function redactHeaders(
  pairs: Array<[string, string]>,
  includeSecrets: boolean,
): Array<[string, string]> {
  return pairs.map(([name, value]) => [
    name,
    !includeSecrets && SENSITIVE_HEADER.test(name) ? REDACTED : value,
  ]);
}

/** The body's bytes, with credential-looking JSON fields masked unless secrets are wanted. */
export function redactBody(body: Buffer, includeSecrets: boolean): Buffer {
  if (includeSecrets) return body;
  const text = utf8Text(body);
  if (text === null) return body;
  // A hostile connector's 10,000-level answer would overflow the recursive mask: such a body is
  // kept as it is (nothing deeper than the bound is a credential field anyone reads).
  if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return body;
  }
  const state = { masked: false };
  const masked = mask(parsed, state);
  // Re-serialized only when something was masked: otherwise the bytes stay exactly as exchanged.
  return state.masked ? Buffer.from(JSON.stringify(masked), 'utf8') : body;
}

/** The body as text when its bytes are valid UTF-8 (and round-trip exactly), else null. */
export function utf8Text(body: Buffer): string | null {
  const text = body.toString('utf8');
  return Buffer.from(text, 'utf8').equals(body) ? text : null;
}

function mask(value: unknown, state: { masked: boolean }): unknown {
  if (Array.isArray(value)) return value.map((v) => mask(v, state));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (!SENSITIVE_KEY.test(k) || typeof v !== 'string') return [k, mask(v, state)];
        state.masked = true;
        return [k, REDACTED];
      }),
    );
  return value;
}
