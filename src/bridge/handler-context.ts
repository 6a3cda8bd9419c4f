// What the contract's handlers work with: the engine (every use-case hangs off it), the event hub
// and facts about the shell; one object, so each group of handlers is built from the same parts.

import type { Engine } from '../engine/index.ts';
import type { EventHub } from '../engine/event-hub.ts';

export interface HandlerContext {
  engine: Engine;
  hub?: EventHub;
  info: { version: string; mode: 'desktop' | 'browser'; platformUrl?: () => string | null };
  /** Unix seconds for fresh signatures (re-signed exports); injectable for tests. */
  now?: () => number;
}
