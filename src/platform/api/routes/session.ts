// Health, login and widget identify (protocol.md 4.3, 5.2; decisions.md 3): the routes that need no
// token, or that turn one credential into another.

import type { FastifyInstance } from 'fastify';
import { PROTOCOL_VERSION } from '../../../protocol/index.ts';
import type { User } from '../../types.ts';
import type { ApiContext } from '../context.ts';
import { TAGS } from '../context.ts';
import { ApiError } from '../errors.ts';
import { errors, userSchema } from '../schemas.ts';

export const publicUser = (u: User) => ({ id: u.id, email: u.email, name: u.name, role: u.role });

export function registerSessionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const startedAt = Date.now();

  app.get(
    '/health',
    {
      schema: {
        tags: [TAGS.system],
        summary: 'Health of the mock platform (no token needed)',
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['ok'] },
              service: { type: 'string' },
              protocol_version: { type: 'string' },
              ssrf_mode: { type: 'string' },
              uptime_s: { type: 'integer' },
              time: { type: 'string' },
            },
          },
        },
      },
    },
    async () => ({
      status: 'ok',
      service: 'connector-testbench-platform',
      protocol_version: PROTOCOL_VERSION,
      ssrf_mode: ctx.platform.ssrfMode,
      uptime_s: Math.floor((Date.now() - startedAt) / 1000),
      time: new Date().toISOString(),
    }),
  );

  app.post<{ Body: { email: string; password: string } }>(
    '/api/v1/auth/login',
    {
      schema: {
        tags: [TAGS.session],
        summary: 'Log in; answers the user JWT to send as "Authorization: Bearer <token>"',
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 320 },
            password: { type: 'string', maxLength: 1024 },
          },
          required: ['email', 'password'],
        },
        response: {
          200: {
            type: 'object',
            properties: { token: { type: 'string' }, expires_at: { type: 'integer' }, user: userSchema },
            required: ['token', 'user'],
          },
          ...errors(400, 401, 429),
        },
      },
    },
    async (request) => {
      const admission = ctx.loginThrottle.admit(request.body.email, request.ip);
      if (!admission.ok)
        throw new ApiError(
          'rate_limited',
          `too many failed logins for this ${admission.scope}; try again in ${admission.retryAfterSeconds} s`,
          { retryAfterSeconds: admission.retryAfterSeconds },
        );
      let user: User | null = null;
      try {
        user = await ctx.platform.users.login(request.body.email, request.body.password);
      } finally {
        // A thrown check counts as a failure: it must not leave the attempt running forever.
        if (user) admission.attempt.succeeded();
        else admission.attempt.failed();
      }
      if (!user) throw new ApiError('unauthorized', 'wrong email or password');
      const { token, expiresAt } = await ctx.tokens.signUser({
        sub: user.id,
        org: user.org_id,
        role: user.role,
      });
      return { token, expires_at: expiresAt, user: publicUser(user) };
    },
  );

  app.post<{ Body: { id: string; email: string; auth: { mode: string; token: string } } }>(
    '/api/v1/widget/identify',
    {
      schema: {
        tags: [TAGS.session],
        summary:
          'Identify a widget visitor with a user JWT; answers a widget token (refused on admin routes)',
        body: {
          type: 'object',
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 200 },
            email: { type: 'string', maxLength: 320 },
            auth: {
              type: 'object',
              properties: {
                mode: { type: 'string', enum: ['jwt'] },
                token: { type: 'string', minLength: 1 },
              },
              required: ['mode', 'token'],
            },
          },
          required: ['id', 'email', 'auth'],
        },
        response: {
          200: {
            type: 'object',
            properties: { widget_token: { type: 'string' }, expires_at: { type: 'integer' } },
            required: ['widget_token'],
          },
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const claims = await ctx.tokens.verify(request.body.auth.token, 'user');
      const user = ctx.platform.users.get(claims.sub);
      if (!user) throw new ApiError('unauthorized', 'the user of auth.token no longer exists; log in again');
      const { token, expiresAt } = await ctx.tokens.signWidget({
        sub: request.body.id,
        org: user.org_id,
        email: request.body.email,
        userId: user.id,
      });
      return { widget_token: token, expires_at: expiresAt };
    },
  );
}
