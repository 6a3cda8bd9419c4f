// The engine's pushed events (src/shared Events) fanned out to every connected UI (the Electron window,
// each browser-mode SSE stream, tests), and the ones the engine announces itself; no listener stops another.

import type { HostRequestEvent } from '../connector/host/index.ts';
import type { EventName, Events } from '../shared/index.ts';
import { hostRequestDto } from './dto/host-request-dto.ts';
import type { Engine } from './engine.ts';

export interface PushedEvent<E extends EventName = EventName> {
  event: E;
  payload: Events[E];
}

export type EventListener = (event: PushedEvent) => void;

/**
 * Events that only tell a UI "something changed, refresh": under load (a signed load run against
 * a local connector appends thousands of exchanges a second) one per window is enough. The first
 * goes out at once, the last of a burst at the end of the window, none is lost entirely.
 */
const COALESCE_MS: Partial<Record<EventName, number>> = { 'history:appended': 100 };

export class EventHub {
  private readonly listeners = new Set<EventListener>();
  private readonly held = new Map<
    EventName,
    { payload: unknown; timer: ReturnType<typeof setTimeout> | null; pending: boolean }
  >();

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    const windowMs = COALESCE_MS[event];
    if (windowMs === undefined) return this.deliver(event, payload);
    const slot = this.held.get(event);
    if (slot?.timer) {
      slot.payload = payload;
      slot.pending = true;
      return;
    }
    this.deliver(event, payload);
    const fresh = { payload, pending: false, timer: null as ReturnType<typeof setTimeout> | null };
    fresh.timer = setTimeout(() => this.release(event), windowMs);
    fresh.timer.unref?.();
    this.held.set(event, fresh);
  }

  private release(event: EventName): void {
    const slot = this.held.get(event);
    this.held.delete(event);
    if (slot?.pending) this.emit(event, slot.payload as Events[typeof event]);
  }

  private deliver<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of [...this.listeners]) {
      try {
        listener({ event, payload } as PushedEvent);
      } catch {
        // One broken stream (a closed socket, a destroyed window) must not starve the rest.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }
}

/**
 * What the engine itself announces, whichever use-case caused it: every History append (platform
 * calls, console sends, host requests), each request a local connector answered, each prune.
 */
export function announceEngineEvents(engine: Engine, hub: EventHub): void {
  engine.history.onAppended((id) => hub.emit('history:appended', { id }));
  engine.host.on('request', (event: HostRequestEvent) => hub.emit('host:request', hostRequestDto(event)));
  engine.retention.onPruned = (report) =>
    hub.emit('history:pruned', { deleted: report.deleted, total: engine.history.count() });
}
