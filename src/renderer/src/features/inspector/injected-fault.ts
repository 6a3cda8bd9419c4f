// What the testbench did on purpose to an exchange (its recorded fault list), in words that tell
// a wrong secret from a tampered body, and which request byte the tamper fault changed.

export type FaultKind =
  | 'tamper-body'
  | 'wrong-secret'
  | 'clock-skew'
  | 'dropped-header'
  | 'header-case'
  | 'protocol-version'
  | 'replay'
  | 'other';

export interface InjectedFault {
  kind: FaultKind;
  /** The recorded description, e.g. "one body byte changed after signing". */
  label: string;
  /** What the connector's answer means given this fault. */
  explanation: string;
}

const RULES: Array<{ test: RegExp; kind: FaultKind; explanation: string }> = [
  {
    test: /body byte changed after signing/,
    kind: 'tamper-body',
    explanation:
      'The body was changed after it was signed (the marked byte), so the signature cannot match even though the secret is right. A connector must reject it.',
  },
  {
    test: /wrong secret/,
    kind: 'wrong-secret',
    explanation:
      'The request was signed with a secret the connector does not have; the body is intact. A connector must reject it.',
  },
  {
    test: /^clock skew/,
    kind: 'clock-skew',
    explanation: "The timestamp was shifted; outside the connector's skew window it must be rejected.",
  },
  {
    // x-service-protocol is optional: without it a connector reads the body's protocol_version.
    test: /^header x-service-protocol dropped$/,
    kind: 'dropped-header',
    explanation:
      "The optional x-service-protocol header was left out; a connector reads the body's protocol_version instead and must accept the request.",
  },
  {
    test: /^header .* dropped$/,
    kind: 'dropped-header',
    explanation: 'A signing header was left out; a connector must reject the request.',
  },
  {
    test: /^header names in/,
    kind: 'header-case',
    explanation: 'Header names are case-insensitive: a connector must accept this.',
  },
  {
    test: /^protocol version/,
    kind: 'protocol-version',
    explanation: 'The request claims another protocol version.',
  },
  {
    test: /replay/,
    kind: 'replay',
    explanation:
      'The identical signed request was delivered twice. The protocol has no nonce, so inside the skew window a connector accepts both; only the window limits replays.',
  },
];

export function injectedFaults(faults: string[] | null | undefined): InjectedFault[] {
  return (faults ?? []).map((label) => {
    const rule = RULES.find((r) => r.test.test(label));
    return rule
      ? { kind: rule.kind, label, explanation: rule.explanation }
      : { kind: 'other', label, explanation: 'A fault the testbench injected on purpose.' };
  });
}

const isAlnum = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * The byte the tamper fault changed in the body as sent: it changes the last letter or digit into
 * another one (or appends a space to a body without any), so that byte is the last one of its kind.
 */
export function tamperedByteIndex(sent: Uint8Array): number | null {
  for (let i = sent.length - 1; i >= 0; i--) if (isAlnum(sent[i])) return i;
  return sent.length > 0 ? sent.length - 1 : null;
}

/** The character offset in the decoded text of a byte offset (bodies may hold multi-byte UTF-8). */
export function charIndexOfByte(bytes: Uint8Array, byteIndex: number): number {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, byteIndex)).length;
}

/** Where a byte sits in a hexDump line: the line, and the column ranges of its hex pair and ASCII char. */
export function hexPosition(byteIndex: number): { line: number; hex: [number, number]; ascii: number } {
  const col = byteIndex % 16;
  // Offset (8) + two spaces, then "xx " per byte; the ASCII column starts after the 47-wide hex part + 2.
  return { line: Math.floor(byteIndex / 16), hex: [10 + col * 3, 12 + col * 3], ascii: 10 + 47 + 2 + col };
}
