// Signature checks (protocol.md 5.1, decisions.md 1): the HMAC covers the raw body bytes as sent,
// every failure is a generic 401 invalid_signature, header names and hex case do not matter.

import { HEADER_SIGNATURE, HEADER_TIMESTAMP } from '../../protocol/index.ts';
import type { ConformanceContext } from '../context.ts';
import type { RawRequest } from '../../client/index.ts';
import { expectAccepted, expectRefused } from '../expect.ts';
import type { Verdict } from '../expect.ts';
import type { CheckDefinition } from './check.ts';

const REF = 'protocol.md 5.1; decisions.md 1';
const REFUSED = 'HTTP 401 {"type":"error","code":"invalid_signature",...}';
const ACCEPTED = 'HTTP 200 {"type":"pong",...}';

async function mustRefuse(ctx: ConformanceContext, req: RawRequest, hint: string): Promise<Verdict> {
  const ex = await ctx.send(req);
  ctx.signatureRefusals.push(ex);
  return expectRefused(ex, 401, 'invalid_signature', hint);
}

async function mustServe(ctx: ConformanceContext, req: RawRequest, hint: string): Promise<Verdict> {
  return expectAccepted(await ctx.send(req), 'pong', hint);
}

function without(req: RawRequest, name: string): RawRequest {
  return { ...req, headers: req.headers.filter(([n]) => n.toLowerCase() !== name) };
}

/** The correctly signed ping with its signature header value rewritten from the true `v1=<hex>` one. */
function withSignature(ctx: ConformanceContext, rewrite: (hex: string) => string): RawRequest {
  const req = ctx.signed(ctx.body('ping'));
  return {
    ...req,
    headers: req.headers.map(([n, v]): [string, string] => [
      n,
      n === HEADER_SIGNATURE ? rewrite(v.slice(3)) : v,
    ]),
  };
}

/** One hex digit replaced by another, so the digest keeps its length and alphabet. */
function flipHexAt(hex: string, at: number): string {
  const i = at < 0 ? hex.length + at : at;
  return hex.slice(0, i) + (hex[i] === '0' ? '1' : '0') + hex.slice(i + 1);
}

/** Alternating letter case, so a verifier that only tries all-lower and all-upper is caught. */
function mixedCase(hex: string): string {
  return [...hex].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');
}

/** Bytes of padding in the large-body check: several socket reads, far below the 1 MiB body limit. */
const LARGE_BODY_PADDING = 200 * 1024;

const PARTIAL =
  'the connector compares only part of the digest (a prefix, a suffix, or up to the length it received): a forger only has to guess that part';

/** A must-level check that one hand-made request is refused, or served, as a conformant connector would. */
function signatureCheck(
  outcome: 'refused' | 'served',
  id: string,
  title: string,
  build: (ctx: ConformanceContext) => RawRequest,
  hint: string,
): CheckDefinition {
  return {
    id,
    level: 'must',
    title,
    reference: REF,
    expected: outcome === 'refused' ? REFUSED : ACCEPTED,
    run: (ctx) => (outcome === 'refused' ? mustRefuse : mustServe)(ctx, build(ctx), hint),
  };
}

const refuse = (id: string, title: string, build: (ctx: ConformanceContext) => RawRequest, hint: string) =>
  signatureCheck('refused', id, title, build, hint);
const serve = (id: string, title: string, build: (ctx: ConformanceContext) => RawRequest, hint: string) =>
  signatureCheck('served', id, title, build, hint);

/** Changes one character inside the request_id value, so the body stays valid JSON. */
function tamperOneByte(body: string): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  const at = body.indexOf('"request_id":"') + '"request_id":"'.length;
  bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
  return bytes;
}

export const signatureChecks: CheckDefinition[] = [
  refuse(
    'signature.missing',
    'A request without the signature header is refused',
    (ctx) => without(ctx.signed(ctx.body('ping')), HEADER_SIGNATURE),
    'the connector serves unsigned requests: anyone who finds the URL can call its tools',
  ),
  refuse(
    'signature.missing-timestamp',
    'A request without the timestamp header is refused',
    (ctx) => without(ctx.signed(ctx.body('ping')), HEADER_TIMESTAMP),
    'the connector does not require the timestamp, so the replay window cannot be enforced',
  ),
  refuse(
    'signature.wrong-secret',
    'A request signed with another secret is refused',
    (ctx) => ctx.signed(ctx.body('ping'), { secret: ctx.randomSecret() }),
    'the connector does not compare the signature with its own HMAC',
  ),
  refuse(
    'signature.tampered-byte',
    'A body with one byte changed after signing is refused',
    (ctx) => {
      const body = ctx.body('ping');
      return { ...ctx.signed(body), body: tamperOneByte(body) };
    },
    'the signature is not checked against the body that arrived',
  ),
  refuse(
    'signature.whitespace-added',
    'A body with one whitespace byte added after signing is refused',
    (ctx) => {
      const body = ctx.body('ping');
      return { ...ctx.signed(body), body: Buffer.from('{ ' + body.slice(1), 'utf8') };
    },
    'the connector verifies a re-serialised body (JSON.parse then JSON.stringify) instead of the raw bytes, so whitespace changes go unnoticed',
  ),
  serve(
    'signature.pretty-body',
    'A pretty-printed body is verified over its raw bytes and served',
    (ctx) => ctx.signed(JSON.stringify(JSON.parse(ctx.body('ping')), null, 2)),
    'the connector verifies a re-serialised body (JSON.parse then JSON.stringify): the HMAC must cover the raw bytes exactly as sent',
  ),
  serve(
    'signature.escaped-unicode',
    'A body with \\u escapes in strings is verified over its raw bytes and served',
    (ctx) => ctx.signed(ctx.body('ping').replace(/}$/, ',"conversation_id":"conformance-caf\\u00e9"}')),
    'the connector verifies a re-serialised body: re-encoding turns "\\u00e9" into "é" and changes the bytes',
  ),
  refuse(
    'signature.doubled-header',
    'A request carrying the signature header twice is refused',
    (ctx) => {
      const req = ctx.signed(ctx.body('ping'));
      const sig = req.headers.find(([n]) => n === HEADER_SIGNATURE)![1];
      return { ...req, headers: [...req.headers, [HEADER_SIGNATURE, sig]] };
    },
    'decisions.md 1 makes a doubled signing header a malformed request; accepting it lets a proxy or attacker smuggle a second value',
  ),
  refuse(
    'signature.no-scheme',
    'A signature without the "v1=" scheme prefix is refused',
    (ctx) => {
      const req = ctx.signed(ctx.body('ping'));
      return {
        ...req,
        headers: req.headers.map(([n, v]): [string, string] => [n, n === HEADER_SIGNATURE ? v.slice(3) : v]),
      };
    },
    'the connector ignores the scheme; a future v2 signature would be checked as v1',
  ),
  refuse(
    'signature.unknown-scheme',
    'A correct digest under an unknown "v2=" scheme is refused',
    (ctx) => withSignature(ctx, (hex) => `v2=${hex}`),
    'the connector strips whatever precedes "=" instead of requiring "v1="',
  ),
  refuse(
    'signature.last-char-changed',
    'A digest correct except for its last hex character is refused',
    (ctx) => withSignature(ctx, (hex) => `v1=${flipHexAt(hex, -1)}`),
    PARTIAL,
  ),
  refuse(
    'signature.first-char-changed',
    'A digest correct except for its first hex character is refused',
    (ctx) => withSignature(ctx, (hex) => `v1=${flipHexAt(hex, 0)}`),
    PARTIAL,
  ),
  refuse(
    'signature.truncated',
    'A digest cut to its first 32 hex characters is refused',
    (ctx) => withSignature(ctx, (hex) => `v1=${hex.slice(0, 32)}`),
    PARTIAL,
  ),
  refuse(
    'signature.one-char-short',
    'A digest missing its last hex character is refused',
    (ctx) => withSignature(ctx, (hex) => `v1=${hex.slice(0, -1)}`),
    `${PARTIAL}; a hex decoder that drops an odd trailing digit also lets this through`,
  ),
  refuse(
    'signature.empty-digest',
    'A signature of "v1=" with an empty digest is refused',
    (ctx) => withSignature(ctx, () => 'v1='),
    'the connector accepts an empty digest: it compares only as many characters as it received',
  ),
  refuse(
    'signature.extra-char',
    'A correct digest followed by one more hex character is refused',
    (ctx) => withSignature(ctx, (hex) => `v1=${hex}0`),
    'the connector does not require exactly 64 hex characters: it checks that the received value starts with the digest, or its hex decoder drops the odd trailing digit',
  ),
  refuse(
    'signature.trailing-garbage',
    'A correct digest followed by non-hex characters is refused',
    (ctx) => withSignature(ctx, (hex) => `v1=${hex}zz`),
    'the connector decodes the hex leniently (Buffer.from(value, "hex") stops at the first non-hex character) instead of requiring exactly 64 hex characters',
  ),
  refuse(
    'signature.body-appended',
    'A body with a newline appended after signing is refused',
    (ctx) => {
      const body = ctx.body('ping');
      return { ...ctx.signed(body), body: Buffer.from(body + '\n', 'utf8') };
    },
    'the signature covers a shorter body than the one that arrived: the connector trims the body, or verifies only its first Content-Length bytes',
  ),
  serve(
    'signature.large-body',
    'A correctly signed 200 KiB body is verified over all its bytes and served',
    (ctx) => ctx.signed(ctx.body('ping').replace(/}$/, `,"padding":"${'x'.repeat(LARGE_BODY_PADDING)}"}`)),
    'the connector verifies only the start of the body: the first chunk read from the socket, or a fixed prefix; small bodies hide it, the HMAC must cover every byte',
  ),
  serve(
    'signature.uppercase-hex',
    'An uppercase hex digest is accepted',
    (ctx) => ctx.signed(ctx.body('ping'), { uppercaseDigest: true }),
    'decisions.md 1: verifiers accept the hex digest in either letter case (compare bytes, not strings)',
  ),
  serve(
    'signature.mixed-case-hex',
    'A hex digest in mixed letter case is accepted',
    (ctx) => withSignature(ctx, (hex) => `v1=${mixedCase(hex)}`),
    'decisions.md 1: verifiers accept the hex digest in either letter case; decode the hex (or lowercase it) before comparing, do not try only all-lower and all-upper',
  ),
  serve(
    'signature.header-case-upper',
    'Signing header names in upper case are accepted',
    (ctx) => ctx.signed(ctx.body('ping'), { headerCase: 'upper' }),
    'HTTP header names are case-insensitive; the connector must not look them up case-sensitively',
  ),
  serve(
    'signature.header-case-mixed',
    'Signing header names in mixed case are accepted',
    (ctx) => ctx.signed(ctx.body('ping'), { headerCase: 'mixed' }),
    'HTTP header names are case-insensitive; the connector must not look them up case-sensitively',
  ),
];

export const timestampChecks: CheckDefinition[] = [
  refuse(
    'timestamp.past-outside',
    'A timestamp one second older than the window is refused',
    (ctx) => ctx.signed(ctx.body('ping'), { offsetSeconds: -(ctx.skewSeconds + 1) }),
    'the connector does not enforce the replay window for old requests: a captured request can be replayed later',
  ),
  futureOutside(),
  insideWindow('timestamp.past-inside', 'A timestamp one second inside the window (past) is accepted', -1),
  insideWindow('timestamp.future-inside', 'A timestamp one second inside the window (future) is accepted', 1),
  refuse(
    'timestamp.milliseconds',
    'A timestamp in milliseconds is refused',
    (ctx) => ctx.signed(ctx.body('ping'), { timestamp: String(ctx.now() * 1000) }),
    'the connector accepts milliseconds: either it does not check the timestamp or it has no upper bound on the future',
  ),
  refuse(
    'timestamp.decimal',
    'A timestamp with a fractional part is refused',
    (ctx) => ctx.signed(ctx.body('ping'), { timestamp: `${ctx.now()}.5` }),
    'decisions.md 1: a timestamp must be a plain base-10 integer of seconds',
  ),
];

/** How often the future-outside request is signed again when the clock's second turned on its way. */
const EDGE_ATTEMPTS = 3;

/**
 * One second ahead of the window, signed in second S. A connector whose clock is already in S + 1
 * when it verifies sees the window's very edge and rightly serves it: a served answer whose
 * second turned on the way is signed and sent again, not called a failure (it failed CI once).
 */
function futureOutside(): CheckDefinition {
  return {
    id: 'timestamp.future-outside',
    level: 'must',
    title: 'A timestamp one second ahead of the window is refused',
    reference: REF,
    expected: REFUSED,
    run: async (ctx) => {
      for (let attempt = 1; ; attempt++) {
        const signedAt = ctx.now();
        const req = ctx.signed(ctx.body('ping'), { timestamp: String(signedAt + ctx.skewSeconds + 1) });
        const ex = await ctx.send(req);
        const verdict = expectRefused(
          ex,
          401,
          'invalid_signature',
          'the connector only checks the past: a request signed with a future timestamp stays replayable for as long as its author likes',
        );
        if (verdict.outcome === 'fail' && ctx.now() !== signedAt && attempt < EDGE_ATTEMPTS) continue;
        ctx.signatureRefusals.push(ex);
        return verdict;
      }
    },
  };
}

function insideWindow(id: string, title: string, direction: 1 | -1): CheckDefinition {
  return {
    id,
    level: 'must',
    title,
    reference: REF,
    expected: ACCEPTED,
    run: async (ctx) => {
      if (ctx.skewSeconds < 2)
        return { outcome: 'skip', message: `a window of ${ctx.skewSeconds} s leaves no room inside it` };
      const req = ctx.signed(ctx.body('ping'), { offsetSeconds: direction * (ctx.skewSeconds - 1) });
      return mustServe(
        ctx,
        req,
        `the window is narrower than ${ctx.skewSeconds} s (is --skew right?) or the clocks differ`,
      );
    },
  };
}
