// The event hub that feeds IPC and Server-Sent Events: what reaches subscribers, and which bursts
// of one kind are coalesced into fewer deliveries.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventHub } from '../../../src/engine/event-hub.ts';
import type { PushedEvent } from '../../../src/engine/event-hub.ts';

afterEach(() => vi.useRealTimers());

describe('EventHub', () => {
  it('delivers every event of a kind that is not coalesced', () => {
    const hub = new EventHub();
    const seen: PushedEvent[] = [];
    hub.subscribe((e) => seen.push(e));
    for (let i = 0; i < 5; i++) hub.emit('connections:changed', { id: `c${i}` });
    expect(seen.map((e) => (e.payload as { id: string }).id)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('turns a burst of history appends into the first at once and the last after the window', () => {
    vi.useFakeTimers();
    const hub = new EventHub();
    const seen: number[] = [];
    hub.subscribe((e) => seen.push((e.payload as { id: number }).id));
    for (let id = 1; id <= 1000; id++) hub.emit('history:appended', { id });
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([1, 1000]);
    vi.advanceTimersByTime(1000);
    hub.emit('history:appended', { id: 1001 });
    expect(seen).toEqual([1, 1000, 1001]);
  });

  it('keeps serving the other listeners when one throws', () => {
    const hub = new EventHub();
    const seen: string[] = [];
    hub.subscribe(() => {
      throw new Error('closed socket');
    });
    hub.subscribe((e) => seen.push(e.event));
    hub.emit('connections:changed', { id: 'c' });
    expect(seen).toEqual(['connections:changed']);
  });
});
