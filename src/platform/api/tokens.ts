// User and widget JWTs of the mock platform (protocol.md 5.2): HS256 via jose, one key per data
// folder, `typ` claim separating user tokens from widget tokens so a widget token never opens an admin route.

import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { nowSeconds } from '../../protocol/index.ts';
import { ApiError } from './errors.ts';

export type TokenType = 'user' | 'widget';

export interface TokenClaims {
  sub: string;
  org: string;
  role?: string;
  email?: string;
  typ: TokenType;
  iat: number;
  exp: number;
}

export interface TokenServiceOptions {
  /** HS256 key: at least 32 bytes. */
  secret: Uint8Array;
  userTtlSeconds?: number;
  widgetTtlSeconds?: number;
  /** Unix seconds; injected by tests to mint already-expired tokens. */
  now?: () => number;
}

export interface TokenService {
  signUser(claims: { sub: string; org: string; role: string }): Promise<{ token: string; expiresAt: number }>;
  signWidget(claims: {
    sub: string;
    org: string;
    email: string;
    userId: string;
  }): Promise<{ token: string; expiresAt: number }>;
  /** Verifies signature, expiry and type; throws ApiError('unauthorized') with the reason. */
  verify(token: string, expected: TokenType): Promise<TokenClaims>;
}

export const DEFAULT_USER_TTL_SECONDS = 12 * 3600;
export const DEFAULT_WIDGET_TTL_SECONDS = 3600;
const ISSUER = 'connector-testbench-platform';
const ALGORITHM = 'HS256';

export function createTokenService(options: TokenServiceOptions): TokenService {
  if (options.secret.byteLength < 32) throw new Error('the JWT key must be at least 32 bytes');
  const key = options.secret;
  const now = options.now ?? nowSeconds;
  const userTtl = options.userTtlSeconds ?? DEFAULT_USER_TTL_SECONDS;
  const widgetTtl = options.widgetTtlSeconds ?? DEFAULT_WIDGET_TTL_SECONDS;

  async function sign(payload: Record<string, unknown>, subject: string, ttl: number) {
    const iat = now();
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(key);
    return { token, expiresAt: iat + ttl };
  }

  return {
    signUser: ({ sub, org, role }) => sign({ org, role, typ: 'user' }, sub, userTtl),
    signWidget: ({ sub, org, email, userId }) =>
      sign({ org, email, uid: userId, typ: 'widget' }, sub, widgetTtl),
    async verify(token, expected) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: new Date(now() * 1000),
        }));
      } catch (error) {
        throw new ApiError('unauthorized', reasonOf(error));
      }
      if (payload.typ !== expected) {
        throw new ApiError(
          'unauthorized',
          expected === 'user'
            ? `a ${String(payload.typ ?? 'untyped')} token is not accepted here; log in with POST /api/v1/auth/login and send that user token`
            : 'a widget token is expected here',
        );
      }
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string')
        throw new ApiError('unauthorized', 'the token lacks its subject or organization claim');
      return payload as unknown as TokenClaims;
    },
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired; log in again';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return 'the token signature does not verify: it was issued by another platform or data folder';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `the token is not valid here: ${error.message}`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return 'the token uses an algorithm this platform does not accept (HS256 only)';
  return 'the token is malformed: expected a JWT from POST /api/v1/auth/login';
}
