// What the preload exposes as `window.ctb`: call(method, input) and on(event, listener) for the
// names of the contract only (VS Code's validateIPC). No ipcRenderer, no Node, no other channel.

import { EVENT_CHANNEL, EVENT_NAMES, METHOD_NAMES } from '../shared/contract.ts';
import { fail } from '../shared/result.ts';

/** The slice of ipcRenderer the bridge uses, so tests can pass a fake. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, message: unknown) => void): unknown;
}

type Listener = (payload: unknown) => void;
export function createBridgeApi(ipc: IpcRendererLike) {
  const methods = new Set<string>(METHOD_NAMES);
  const events = new Set<string>(EVENT_NAMES);
  const listeners = new Map<string, Set<Listener>>();

  ipc.on(EVENT_CHANNEL, (_event, message) => {
    const m = message as { event?: unknown; payload?: unknown } | null;
    if (!m || typeof m.event !== 'string' || !events.has(m.event)) return;
    for (const listener of [...(listeners.get(m.event) ?? [])]) {
      try {
        listener(m.payload);
      } catch {
        // A throwing UI listener must not stop the others.
      }
    }
  });

  return {
    async call(method: unknown, input?: unknown): Promise<unknown> {
      if (typeof method !== 'string' || !methods.has(method))
        return fail('unknown_method', `"${String(method)}" is not a method of the contract`);
      try {
        return await ipc.invoke(method, input);
      } catch (error) {
        return fail(
          'transport_error',
          `the engine did not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    on(event: unknown, listener: unknown): () => void {
      if (typeof event !== 'string' || !events.has(event))
        throw new Error(`"${String(event)}" is not an event of the contract`);
      if (typeof listener !== 'function') throw new Error('the listener must be a function');
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener as Listener);
      return () => {
        set.delete(listener as Listener);
      };
    },
  };
}
