// Secret rotation with a grace period: a new secret is generated at once, but the platform keeps
// signing with the previous one until the grace ends (by time or by the admin finishing early).

import { fingerprint } from '../protocol/index.ts';
import { statement } from '../store/database.ts';
import { iso } from './context.ts';
import type { PlatformContext } from './context.ts';
import { PlatformError } from './errors.ts';
import { generateSigningSecret } from './ids.ts';
import { decryptSecret, encryptSecret } from './secrets.ts';
import type { ConnectionRegistry } from './connections.ts';

/** A week: longer than any deploy window; a longer grace only keeps a retired secret alive. */
export const MAX_GRACE_SECONDS = 7 * 24 * 3600;

/**
 * none: no rotation on record. grace: the platform still signs with the previous secret.
 * switched: the grace ended, the platform signs with the new secret; the previous one is only
 * remembered (by fingerprint) until the admin finishes the rotation.
 */
export type RotationState = 'none' | 'grace' | 'switched';

export interface RotationView {
  connection_id: string;
  state: RotationState;
  signing_with: 'current' | 'previous';
  current_fingerprint: string | null;
  previous_fingerprint: string | null;
  grace_ends_at: string | null;
}

export interface RotationStartInput {
  grace_seconds?: number;
}

/** True while `graceEndsAt` lies ahead: the one rule both the signer and the view follow. */
export function inGrace(previous: string | null, graceEndsAt: string | null, nowIso: string): boolean {
  return previous !== null && graceEndsAt !== null && nowIso < graceEndsAt;
}

function parseGrace(input: unknown): number {
  if (input === undefined || input === null) return 0;
  if (typeof input !== 'object' || Array.isArray(input))
    throw new PlatformError('validation_error', 'the rotation body must be an object', { field: 'body' });
  const grace = (input as RotationStartInput).grace_seconds;
  if (grace === undefined) return 0;
  if (typeof grace !== 'number' || !Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE_SECONDS)
    throw new PlatformError(
      'validation_error',
      `grace_seconds must be an integer from 0 to ${MAX_GRACE_SECONDS}, got ${JSON.stringify(grace)}`,
      { field: 'grace_seconds' },
    );
  return grace;
}

export type RotationService = ReturnType<typeof rotationService>;

export function rotationService(ctx: PlatformContext, registry: ConnectionRegistry) {
  const { db } = ctx;
  const read = (ciphertext: string | null) =>
    ciphertext === null ? null : fingerprint(decryptSecret(ciphertext, ctx.keys));

  function status(id: string): RotationView {
    const r = registry.row(id);
    const grace = inGrace(r.previous_secret_ciphertext, r.grace_ends_at, iso(ctx));
    return {
      connection_id: r.id,
      state: r.previous_secret_ciphertext === null ? 'none' : grace ? 'grace' : 'switched',
      signing_with: grace ? 'previous' : 'current',
      current_fingerprint: read(r.secret_ciphertext),
      previous_fingerprint: read(r.previous_secret_ciphertext),
      grace_ends_at: r.previous_secret_ciphertext === null ? null : r.grace_ends_at,
    };
  }

  return {
    status,

    /** Generates the new secret (answered once, in plaintext) and starts the grace period. */
    start(id: string, input: unknown): RotationView & { signing_secret: string } {
      const graceSeconds = parseGrace(input);
      const r = registry.row(id);
      if (inGrace(r.previous_secret_ciphertext, r.grace_ends_at, iso(ctx)))
        throw new PlatformError(
          'validation_error',
          `connection "${r.name}" is still in the grace period of a rotation (until ${r.grace_ends_at}); finish it first`,
          { field: 'grace_seconds' },
        );
      const secret = generateSigningSecret();
      const now = ctx.now();
      const graceEndsAt = new Date(now.getTime() + graceSeconds * 1000).toISOString();
      statement(
        db,
        `UPDATE sdk_connections SET secret_ciphertext = ?, previous_secret_ciphertext = ?, grace_ends_at = ?,
          updated_at = ? WHERE id = ? AND org_id = ?`,
      ).run(
        encryptSecret(secret, ctx.keys),
        r.secret_ciphertext,
        graceEndsAt,
        now.toISOString(),
        id,
        ctx.orgId,
      );
      registry.forget(id);
      return { ...status(id), signing_secret: secret };
    },

    /** The admin confirms the connector has the new secret: sign with it now and forget the previous one. */
    finish(id: string): RotationView {
      const r = registry.row(id);
      if (r.previous_secret_ciphertext === null)
        throw new PlatformError('validation_error', `connection "${r.name}" has no rotation to finish`, {
          field: 'rotation',
        });
      statement(
        db,
        `UPDATE sdk_connections SET previous_secret_ciphertext = NULL, grace_ends_at = NULL, updated_at = ?
          WHERE id = ? AND org_id = ?`,
      ).run(iso(ctx), id, ctx.orgId);
      registry.forget(id);
      return status(id);
    },
  };
}
