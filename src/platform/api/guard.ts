// Route guards of the mock platform API (protocol.md 5.2, decisions.md 3): a Bearer user JWT for
// every user route, Owner or Admin on admin configuration routes; widget tokens never pass.

import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role, User } from '../types.ts';
import { ApiError } from './errors.ts';
import type { TokenClaims, TokenService } from './tokens.ts';

export interface AuthContext {
  user: User;
  claims: TokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export const ADMIN_ROLES: readonly Role[] = ['owner', 'admin'];

export interface Guards {
  requireUser: preHandlerAsyncHookHandler;
  requireAdmin: preHandlerAsyncHookHandler;
}

/** Reads the bearer token of a request; the scheme name is case-insensitive (RFC 7235). */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header)
    throw new ApiError(
      'unauthorized',
      'missing Authorization header: send "Authorization: Bearer <token from POST /api/v1/auth/login>"',
    );
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) throw new ApiError('unauthorized', 'the Authorization header must be "Bearer <token>"');
  return match[1];
}

export function createGuards(tokens: TokenService, lookupUser: (id: string) => User | null): Guards {
  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const claims = await tokens.verify(bearerToken(request), 'user');
    // The role and the account come from the store, not the token: a demoted or deleted user loses access at once.
    const user = lookupUser(claims.sub);
    if (!user || user.org_id !== claims.org)
      throw new ApiError('unauthorized', 'the user of this token no longer exists; log in again');
    request.auth = { user, claims };
  }
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const role = request.auth!.user.role;
    if (!ADMIN_ROLES.includes(role))
      throw new ApiError(
        'forbidden',
        `admin configuration needs the Owner or Admin role; ${request.auth!.user.email} is a ${capitalize(role)}`,
      );
  }
  return { requireUser, requireAdmin };
}

export function capitalize(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
