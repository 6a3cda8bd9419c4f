// Organization events a local connector emits to the mock platform (decisions.md 3): a v1-signed
// POST {platform}/api/v1/org/events of {event_id, payload} carrying x-service-connection-id.

import { HEADER_CONNECTION_ID } from '../../protocol/index.ts';
import { signedCall } from '../../client/index.ts';

export interface PlatformEventsTarget {
  /** Base address of the platform, e.g. http://127.0.0.1:4000. */
  url: string;
  /** Id of the SDK connection the events are emitted for. */
  connectionId: string;
  /** That connection's signing secret. */
  secret: string;
  /** Extra headers the platform's server asks of every caller (browser mode's launch token). */
  headers?: Record<string, string>;
}

/**
 * Given as is, or looked up per event (the engine may configure the platform after the host starts);
 * the lookup is told which local connector emits, so the event goes to that connector's connection.
 */
export type PlatformEventsOption =
  | PlatformEventsTarget
  | null
  | undefined
  | ((connectorId: string) => PlatformEventsTarget | null | undefined);

export interface OrgEventResult {
  connectorId: string;
  eventId: string;
  url: string;
  ok: boolean;
  status: number | null;
  /** Why it failed, when it did. */
  error: string | null;
  durationMs: number;
}

export function eventsUrl(platformUrl: string): string {
  return `${platformUrl.replace(/\/+$/, '')}/api/v1/org/events`;
}

export function resolveTarget(
  option: PlatformEventsOption,
  connectorId: string,
): PlatformEventsTarget | null {
  const target = typeof option === 'function' ? option(connectorId) : option;
  return target ?? null;
}

/** Sends one event; never throws, the result says what happened. */
export async function emitOrgEvent(
  target: PlatformEventsTarget,
  connectorId: string,
  eventId: string,
  payload: unknown,
  timeoutMs = 10_000,
): Promise<OrgEventResult> {
  const url = eventsUrl(target.url);
  const result = await signedCall({
    url,
    secret: target.secret,
    body: { event_id: eventId, payload },
    headers: { ...target.headers, [HEADER_CONNECTION_ID]: target.connectionId },
    timeoutMs,
  });
  const status = result.response?.status ?? null;
  const ok = result.error === null && status !== null && status >= 200 && status < 300;
  let error: string | null = null;
  if (result.error) error = `${result.error.code}: ${result.error.message}`;
  else if (!ok) error = `the platform answered HTTP ${status}${describeBody(result.json)}`;
  return { connectorId, eventId, url, ok, status, error, durationMs: result.timing.totalMs };
}

function describeBody(json: unknown): string {
  if (json && typeof json === 'object' && 'error' in json) {
    const j = json as { error: unknown; message?: unknown };
    return ` (${String(j.error)}${typeof j.message === 'string' ? `: ${j.message}` : ''})`;
  }
  return '';
}
