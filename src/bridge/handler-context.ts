// What the engine-side handlers work with: the engine, the local connector host beside it, the
// event hub, and facts about the shell; plus the lookups several handlers share.

import type { ConnectorHost } from '../connector/host/index.ts';
import type { Engine } from '../engine/index.ts';
import type { Exchange } from '../store/history.ts';
import { PROTOCOL_VERSION, DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS } from '../protocol/index.ts';
import type { EventHub } from './event-hub.ts';

export interface HandlerContext {
  engine: Pick<Engine, 'dataDir' | 'history' | 'platform' | 'db'>;
  host: ConnectorHost;
  hub?: EventHub;
  info: { version: string; mode: 'desktop' | 'browser'; platformUrl?: () => string | null };
  /** Unix seconds for fresh signatures (re-signed exports); injectable for tests. */
  now?: () => number;
  /** Aborted when the shell closes the backend: long runs (conformance, load) stop with it. */
  shutdown?: AbortSignal;
}

export interface KnownSecret {
  secret: string;
  toleranceSeconds: number;
  protocolVersion: string;
}

/**
 * The secret the engine knows for an exchange: its SDK connection's (decrypted), or its local
 * connector's. Null for calls to a URL typed by hand: the testbench never stores those secrets.
 */
export function knownSecretOf(
  ctx: HandlerContext,
  e: Pick<Exchange, 'connectionId' | 'localConnectorId'>,
): KnownSecret | null {
  if (e.connectionId) {
    try {
      return {
        secret: ctx.engine.platform.connections.secretOf(e.connectionId),
        toleranceSeconds: DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
        protocolVersion: PROTOCOL_VERSION,
      };
    } catch {
      return null;
    }
  }
  if (e.localConnectorId) {
    try {
      const d = ctx.host.get(e.localConnectorId).definition;
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
