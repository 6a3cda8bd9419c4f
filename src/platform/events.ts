// Organization events a connector emits (decisions.md 3), signed with the connection's secret: verified
// before parsing or storing, so a forged event leaves nothing in the database, only a short note in memory.

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
/** Deeper JSON is refused: nothing a connector emits needs it, and re-serializing it recurses. */
export const MAX_JSON_DEPTH = 32;
/** Failure notes kept per connection (newest); older ones are dropped as new ones arrive. */
export const MAX_FAILURE_NOTES = 20;
/** Connections with failure notes held at once; the one noted longest ago is forgotten first. */
const MAX_NOTED_CONNECTIONS = 1000;

interface Row {
  id: string;
  connection_id: string;
  event_id: string | null;
  payload: string | null;
  verified: number;
  failure: string | null;
  received_at: string;
}

/**
 * Nesting depth of a JSON text, stopping as soon as it passes `limit`: one linear scan that skips
 * strings, run before JSON.parse so a 100 000-level array never reaches a recursive serializer.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export function eventService(ctx: PlatformContext) {
  const { db } = ctx;
  const insert = db.prepare(
    'INSERT INTO org_events (id, org_id, connection_id, event_id, payload, verified, failure, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const connectionById = db.prepare(
    'SELECT id, secret_ciphertext FROM sdk_connections WHERE id = ? AND org_id = ?',
  );
  const metadataOf = db.prepare('SELECT metadata FROM sdk_connections WHERE id = ?');
  const byId = db.prepare('SELECT * FROM org_events WHERE id = ?');
  const byConnection = db.prepare(
    'SELECT * FROM org_events WHERE connection_id = ? AND org_id = ? ORDER BY received_at DESC, rowid DESC LIMIT 500',
  );
  // Why unsigned or forged events were refused, for the testbench to show: kept in memory only, so
  // anyone who can reach the port cannot make the platform write to its database without the secret.
  const failureNotes = new Map<string, Row[]>();
  function recordFailure(connectionId: string, failure: string): void {
    const notes = failureNotes.get(connectionId) ?? [];
    failureNotes.delete(connectionId);
    if (failureNotes.size >= MAX_NOTED_CONNECTIONS) failureNotes.delete(failureNotes.keys().next().value!);
    notes.unshift({
      id: newId('evt'),
      connection_id: connectionId,
      event_id: null,
      payload: null,
      verified: 0,
      failure: failure.slice(0, 300),
      received_at: iso(ctx),
    });
    failureNotes.set(connectionId, notes.slice(0, MAX_FAILURE_NOTES));
  }

  function declaredEvents(connectionId: string): Set<string> {
    const row = metadataOf.get(connectionId) as { metadata: string | null } | undefined;
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
    /**
     * Verifies, then parses and records one event. A bad signature for a known connection leaves a
     * failure note in memory (reason only, capped per connection) so the testbench can show why.
     */
    receive(rawBody: Buffer, headers: HeaderBag): OrgEventView {
      if (rawBody.length > MAX_EVENT_BYTES)
        throw new PlatformError('payload_too_large', `an event body may be at most ${MAX_EVENT_BYTES} bytes`);
      const header = readHeader(collectHeaders(headers), HEADER_CONNECTION_ID);
      if (header.state !== 'present')
        throw new PlatformError(
          'unauthorized',
          `the ${HEADER_CONNECTION_ID} header is missing or sent twice`,
        );
      const connection = connectionById.get(header.value, ctx.orgId) as
        { id: string; secret_ciphertext: string | null } | undefined;
      // Same answer for an unknown connection as for a bad signature: nothing to probe ids with.
      if (!connection?.secret_ciphertext)
        throw new PlatformError('unauthorized', 'the event signature could not be verified');
      const result = verify(rawBody, headers, decryptSecret(connection.secret_ciphertext, ctx.keys), {
        now: Math.floor(ctx.now().getTime() / 1000),
      });
      if (!result.ok) {
        recordFailure(connection.id, `${result.reason}: ${result.message}`);
        throw new PlatformError('unauthorized', 'the event signature could not be verified');
      }
      const value = parseBody(rawBody);
      if (typeof value.event_id !== 'string' || value.event_id === '')
        throw new PlatformError('validation_error', 'event_id must be a non-empty string', {
          field: 'event_id',
        });
      if (value.event_id.length > 200)
        throw new PlatformError('validation_error', 'event_id may be at most 200 characters', {
          field: 'event_id',
        });
      const id = newId('evt');
      const payload = value.payload !== undefined ? JSON.stringify(value.payload) : null;
      insert.run(id, ctx.orgId, connection.id, value.event_id, payload, 1, null, iso(ctx));
      return toView(byId.get(id) as Row, declaredEvents(connection.id));
    },

    list(connectionId: string): OrgEventView[] {
      const stored = byConnection.all(connectionId, ctx.orgId) as Row[];
      const notes = failureNotes.get(connectionId) ?? [];
      // Newest first; a note and a stored event of the same millisecond keep the note first.
      const rows = [...notes, ...stored].sort((a, b) => b.received_at.localeCompare(a.received_at));
      const declared = declaredEvents(connectionId);
      return rows.slice(0, 500).map((r) => toView(r, declared));
    },
  };
}

function parseBody(raw: Buffer): Record<string, unknown> {
  const text = raw.toString('utf8');
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
    throw new PlatformError(
      'validation_error',
      `the event body is nested deeper than ${MAX_JSON_DEPTH} levels; flatten the payload`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PlatformError(
      'validation_error',
      `the event body is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PlatformError(
      'validation_error',
      'the event body must be a JSON object {"event_id","payload"}',
    );
  return value as Record<string, unknown>;
}
