// What the contract's handlers work with: the engine (every use-case hangs off it), the event hub
// and facts about the shell. `host` and knownSecretOf stay for the handlers not moved yet.

import type { ConnectorHost } from '../connector/host/index.ts';
import type { Engine, KnownSecret } from '../engine/index.ts';
import { knownSecretOf as engineKnownSecret } from '../engine/index.ts';
import type { Exchange } from '../store/history.ts';
import type { EventHub } from './event-hub.ts';

export type { KnownSecret } from '../engine/index.ts';

export interface HandlerContext {
  engine: Engine;
  /** The engine's connector host (engine.host). */
  host: ConnectorHost;
  hub?: EventHub;
  info: { version: string; mode: 'desktop' | 'browser'; platformUrl?: () => string | null };
  /** Unix seconds for fresh signatures (re-signed exports); injectable for tests. */
  now?: () => number;
}

export function knownSecretOf(
  ctx: HandlerContext,
  e: Pick<Exchange, 'connectionId' | 'localConnectorId'>,
): KnownSecret | null {
  return engineKnownSecret(ctx.engine, e);
}
