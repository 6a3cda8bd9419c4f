// Derived views of an exchange for the inspector, as plain functions over the detail DTO.
// Components read derived values through these, so each is computed one way for every screen.

import type { ExchangeDetailDto } from '../../../../shared/index.ts';
import { base64ToBytes, bytesToText, prettyJson } from '../../lib/bytes.ts';
import { firstDifference } from '../../lib/diff.ts';

export interface BodyViews {
  bytes: Uint8Array;
  text: string;
  pretty: string | null;
}

export function bodyViews(b64: string | null | undefined): BodyViews {
  const bytes = base64ToBytes(b64);
  const text = bytesToText(bytes);
  return { bytes, text, pretty: prettyJson(text) };
}

/** The computed signature shown beside the sent one: the matched secret's, else the first candidate's. */
export function signatureComparison(x: ExchangeDetailDto) {
  const d = x.diagnosis;
  if (!d) return null;
  const sent = d.received.signature;
  const candidate = d.expected.find((e) => e.secret === d.matchedSecret) ?? d.expected[0] ?? null;
  const expected = candidate?.signature ?? null;
  return { sent, expected, secretLabel: candidate?.secret ?? null, diff: firstDifference(expected, sent) };
}

/** `tool.invoke getProduct`, `ping`... the short name of what an exchange was. */
export const exchangeTitle = (x: {
  requestType: string | null;
  tool: string | null;
  method: string;
}): string => [x.requestType ?? x.method, x.tool].filter(Boolean).join(' ');

export function verdictTone(verdict: string, status: number | null): 'ok' | 'warn' | 'bad' {
  if (/^(ok|valid|result|pong|success)/i.test(verdict) && (status === null || status < 400)) return 'ok';
  if (status !== null && status >= 400) return 'bad';
  if (/invalid|error|fail|refus|timeout|unreach/i.test(verdict)) return 'bad';
  return 'warn';
}
