// The one shape of an exchange's stored diagnosis (History `diagnosis` column), for both directions:
// the signature check as the receiver would judge it, a hint for the failure, the SSRF refusal.

import type { Diagnosis } from '../protocol/index.ts';

export const DIAGNOSIS_VERSION = 1;

export interface ExchangeDiagnosis {
  v: typeof DIAGNOSIS_VERSION;
  /** The signature check of the request as sent or received (`explain`); null when not run. */
  signature: Diagnosis | null;
  /** One sentence on where the failure usually comes from; null when nothing is known. */
  hint: string | null;
  /** What the request was signed with (never the secret itself); null for unsigned or unknown. */
  signing: { timestamp: string; secretFingerprint: string } | null;
  /** Why the SSRF policy refused the URL before anything was sent; null when it did not. */
  ssrf: { mode: string; reasons: string[]; addresses: string[] } | null;
}

export function exchangeDiagnosis(parts: Partial<Omit<ExchangeDiagnosis, 'v'>>): ExchangeDiagnosis {
  return {
    v: DIAGNOSIS_VERSION,
    signature: parts.signature ?? null,
    hint: parts.hint ?? null,
    signing: parts.signing ?? null,
    ssrf: parts.ssrf ?? null,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isExplanation(v: unknown): v is Diagnosis {
  return (
    isObject(v) &&
    (v.verdict === 'valid' || v.verdict === 'invalid') &&
    typeof v.summary === 'string' &&
    isObject(v.received) &&
    isObject(v.skew)
  );
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * Reads a stored diagnosis, of this shape or of the three older ones (a bare `explain` result,
 * the manager's `{hint, timestamp, secret_fingerprint}`, `{ssrf: UrlCheck}`). Null when empty.
 */
export function readDiagnosis(stored: unknown): ExchangeDiagnosis | null {
  if (!isObject(stored)) return null;
  if (stored.v === DIAGNOSIS_VERSION)
    return exchangeDiagnosis({
      signature: isExplanation(stored.signature) ? stored.signature : null,
      hint: typeof stored.hint === 'string' ? stored.hint : null,
      signing: isObject(stored.signing)
        ? {
            timestamp: String(stored.signing.timestamp ?? ''),
            secretFingerprint: String(stored.signing.secretFingerprint ?? ''),
          }
        : null,
      ssrf: isObject(stored.ssrf)
        ? {
            mode: String(stored.ssrf.mode ?? 'strict'),
            reasons: strings(stored.ssrf.reasons),
            addresses: strings(stored.ssrf.addresses),
          }
        : null,
    });
  if (isExplanation(stored)) return exchangeDiagnosis({ signature: stored });
  if (isObject(stored.ssrf))
    return exchangeDiagnosis({
      ssrf: {
        mode: 'strict',
        reasons: strings(stored.ssrf.reasons),
        addresses: strings(stored.ssrf.addresses),
      },
    });
  if (typeof stored.hint === 'string')
    return exchangeDiagnosis({
      hint: stored.hint,
      signing:
        typeof stored.timestamp === 'string' && typeof stored.secret_fingerprint === 'string'
          ? { timestamp: stored.timestamp, secretFingerprint: stored.secret_fingerprint }
          : null,
    });
  return null;
}
