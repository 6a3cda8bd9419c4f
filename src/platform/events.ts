// Organization events a connector emits (decisions.md 3): `POST /api/v1/org/events` signed with the
// connection's secret (v1 scheme) and naming it in x-service-connection-id; recorded beside the connection.

import { HEADER_CONNECTION_ID, collectHeaders, readHeader, verify } from '../protocol/index.ts';
import type { HeaderBag } from '../protocol/index.ts';
import { PlatformError } from './errors.ts';
import { newId } from './ids.ts';
import { decryptSecret } from './secrets.ts';
import { iso, parseJsonColumn } from './context.ts';
import type { PlatformContext } from './context.ts';
import type { OrgMetadata } from '../protocol/index.ts';
import type { OrgEventView } from './types.ts';

export const MAX_EVENT_BYTES = 256 * 1024;

interface Row {
  id: string;
  connection_id: string;
  event_id: string | null;
  payload: string | null;
  verified: number;
  failure: string | null;
  received_at: string;
}

export function eventService(ctx: PlatformContext) {
  const { db } = ctx;
  const insert = db.prepare(
    'INSERT INTO org_events (id, org_id, connection_id, event_id, payload, verified, failure, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );

  function declaredEvents(connectionId: string): Set<string> {
    const row = db.prepare('SELECT metadata FROM sdk_connections WHERE id = ?').get(connectionId) as
      { metadata: string | null } | undefined;
    return new Set((parseJsonColumn<OrgMetadata>(row?.metadata)?.events ?? []).map((e) => e.id));
  }

  function toView(r: Row, declared: Set<string>): OrgEventView {
    return {
      id: r.id,
      connection_id: r.connection_id,
      event_id: r.event_id,
      payload: parseJsonColumn(r.payload),
      verified: r.verified === 1,
      failure: r.failure,
      declared: r.event_id !== null && declared.has(r.event_id),
      received_at: r.received_at,
    };
  }

  return {
    /** Verifies and records one event; a bad signature is recorded (unverified) and then refused. */
    receive(rawBody: Buffer, headers: HeaderBag): OrgEventView {
      if (rawBody.length > MAX_EVENT_BYTES)
        throw new PlatformError('payload_too_large', `an event body may be at most ${MAX_EVENT_BYTES} bytes`);
      const header = readHeader(collectHeaders(headers), HEADER_CONNECTION_ID);
      if (header.state !== 'present')
        throw new PlatformError(
          'unauthorized',
          `the ${HEADER_CONNECTION_ID} header is missing or sent twice`,
        );
      const connection = db
        .prepare('SELECT id, secret_ciphertext FROM sdk_connections WHERE id = ? AND org_id = ?')
        .get(header.value, ctx.orgId) as { id: string; secret_ciphertext: string | null } | undefined;
      // Same answer for an unknown connection as for a bad signature: nothing to probe ids with.
      if (!connection?.secret_ciphertext)
        throw new PlatformError('unauthorized', 'the event signature could not be verified');
      const parsed = parseBody(rawBody);
      const result = verify(rawBody, headers, decryptSecret(connection.secret_ciphertext, ctx.keys), {
        now: Math.floor(ctx.now().getTime() / 1000),
      });
      const id = newId('evt');
      const eventId = parsed.ok && typeof parsed.value.event_id === 'string' ? parsed.value.event_id : null;
      const payload =
        parsed.ok && parsed.value.payload !== undefined ? JSON.stringify(parsed.value.payload) : null;
      if (!result.ok) {
        insert.run(
          id,
          ctx.orgId,
          connection.id,
          eventId,
          payload,
          0,
          `${result.reason}: ${result.message}`,
          iso(ctx),
        );
        throw new PlatformError('unauthorized', 'the event signature could not be verified');
      }
      if (!parsed.ok) throw new PlatformError('validation_error', parsed.message);
      if (typeof parsed.value.event_id !== 'string' || parsed.value.event_id === '')
        throw new PlatformError('validation_error', 'event_id must be a non-empty string', {
          field: 'event_id',
        });
      insert.run(id, ctx.orgId, connection.id, eventId, payload, 1, null, iso(ctx));
      const row = db.prepare('SELECT * FROM org_events WHERE id = ?').get(id) as Row;
      return toView(row, declaredEvents(connection.id));
    },

    list(connectionId: string): OrgEventView[] {
      const rows = db
        .prepare(
          'SELECT * FROM org_events WHERE connection_id = ? AND org_id = ? ORDER BY received_at DESC, rowid DESC LIMIT 500',
        )
        .all(connectionId, ctx.orgId) as Row[];
      const declared = declaredEvents(connectionId);
      return rows.map((r) => toView(r, declared));
    },
  };
}

function parseBody(
  raw: Buffer,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  try {
    const value = JSON.parse(raw.toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false, message: 'the event body must be a JSON object {"event_id","payload"}' };
    return { ok: true, value };
  } catch {
    return { ok: false, message: 'the event body is not valid JSON' };
  }
}
