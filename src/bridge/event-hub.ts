// The engine's pushed events (src/shared Events) fanned out to every connected UI: the Electron
// window, each browser-mode SSE stream, and tests. A failing listener never stops the others.

import type { EventName, Events } from '../shared/index.ts';

export interface PushedEvent<E extends EventName = EventName> {
  event: E;
  payload: Events[E];
}

export type EventListener = (event: PushedEvent) => void;

export class EventHub {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: Events[E]): void {
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
