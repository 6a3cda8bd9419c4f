// The live request log as an async iterator over an event emitter: for consumers (the UI bridge,
// the CLI) that prefer `for await` to listeners. A slow consumer loses the oldest events, never memory.

import type { EventEmitter } from 'node:events';

export interface StreamOptions<T> {
  signal?: AbortSignal;
  filter?: (event: T) => boolean;
  /** Events kept for a consumer that is behind; the oldest go first. Default 1000. */
  buffer?: number;
}

export function streamEvents<T>(
  emitter: EventEmitter,
  name: string,
  options: StreamOptions<T> = {},
): AsyncIterableIterator<T> {
  const limit = options.buffer ?? 1000;
  const queue: T[] = [];
  let waiting: ((r: IteratorResult<T>) => void) | null = null;
  let done = false;

  const listener = (event: T) => {
    if (options.filter && !options.filter(event)) return;
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value: event, done: false });
      return;
    }
    queue.push(event);
    if (queue.length > limit) queue.shift();
  };
  const finish = (): IteratorResult<T> => {
    if (!done) {
      done = true;
      emitter.off(name, listener);
      options.signal?.removeEventListener('abort', onAbort);
      queue.length = 0;
    }
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value: undefined, done: true });
    }
    return { value: undefined, done: true };
  };
  const onAbort = () => finish();

  emitter.on(name, listener);
  if (options.signal?.aborted) finish();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  return {
    next() {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift() as T, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return() {
      return Promise.resolve(finish());
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
