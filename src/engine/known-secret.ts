// The secret the engine knows for a recorded exchange (re-signing, explaining): its SDK connection's
// (decrypted) or its local connector's; never one typed by hand, which the testbench does not keep.

import { DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, PROTOCOL_VERSION } from '../protocol/index.ts';
import type { ConnectorHost } from '../connector/host/index.ts';
import type { Platform } from '../platform/index.ts';
import type { Exchange } from '../store/history.ts';

export interface KnownSecret {
  secret: string;
  toleranceSeconds: number;
  protocolVersion: string;
}

export function knownSecretOf(
  engine: { platform: Platform; host: ConnectorHost },
  e: Pick<Exchange, 'connectionId' | 'localConnectorId'>,
): KnownSecret | null {
  if (e.connectionId) {
    try {
      return {
        secret: engine.platform.connections.secretOf(e.connectionId),
        toleranceSeconds: DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
        protocolVersion: PROTOCOL_VERSION,
      };
    } catch {
      return null;
    }
  }
  if (e.localConnectorId) {
    try {
      const d = engine.host.get(e.localConnectorId).definition;
      return {
        secret: d.signingSecret,
        toleranceSeconds: d.maxTimestampSkewSeconds,
        protocolVersion: d.protocolVersion,
      };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Incoming exchanges hold only the path a local connector received; its address completes it (the
 * running address, else its configured port). Null when neither is known.
 */
export function receivedUrl(
  host: ConnectorHost,
  e: Pick<Exchange, 'url' | 'localConnectorId'>,
): string | null {
  if (/^https?:\/\//i.test(e.url)) return e.url;
  const id = e.localConnectorId;
  if (!id) return null;
  try {
    const status = host.status(id);
    if (status.url) return new URL(e.url, status.url).toString();
    const d = host.get(id).definition;
    if (d.port !== 0)
      return new URL(e.url, `http://${d.host === '0.0.0.0' ? '127.0.0.1' : d.host}:${d.port}`).toString();
  } catch {
    // The connector was deleted: its address is unknown.
  }
  return null;
}
