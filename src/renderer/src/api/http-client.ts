// The ApiClient of browser mode: the contract over fetch (POST /api/call/<method>, token header)
// and one EventSource for pushed events. No Node imports: the renderer bundles this file.

import { TOKEN_HEADER, fail, isEventName, isMethodName } from '../../../shared/index.ts';
import type { ApiClient, EventName, Events, Result } from '../../../shared/index.ts';

/** The part of EventSource this client uses (the DOM's, or undici's in Node tests). */
export interface EventSourceLike {
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export interface HttpClientOptions {
  token: string;
  /** '' in the page (same origin); the server origin in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  EventSource?: new (url: string) => EventSourceLike;
}

type AnyListener = (payload: unknown) => void;

export function createHttpClient(options: HttpClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const listeners = new Map<EventName, Set<AnyListener>>();
  let source: EventSourceLike | null = null;

  function openStream(): void {
    const Source =
      options.EventSource ?? (globalThis as { EventSource?: HttpClientOptions['EventSource'] }).EventSource;
    if (!Source || source) return;
    // EventSource cannot send headers: a token travels in the query of this one URL only (the page
    // has none: its session cookie goes along by itself).
    source = new Source(
      `${baseUrl}/api/events${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`,
    );
    source.onmessage = (message) => {
      let parsed: { event?: unknown; payload?: unknown };
      try {
        parsed = JSON.parse(String(message.data)) as typeof parsed;
      } catch {
        return;
      }
      if (!isEventName(parsed.event)) return;
      for (const listener of [...(listeners.get(parsed.event) ?? [])]) listener(parsed.payload);
    };
  }

  function closeStreamIfIdle(): void {
    if (source && [...listeners.values()].every((set) => set.size === 0)) {
      source.close();
      source = null;
    }
  }

  return {
    async call(method, input) {
      if (!isMethodName(method))
        return fail('unknown_method', `"${String(method)}" is not a method of the contract`);
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/api/call/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { [TOKEN_HEADER]: options.token } : {}),
          },
          body: input === undefined ? '' : JSON.stringify(input),
        });
      } catch (error) {
        return fail(
          'transport_error',
          `the testbench server did not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      try {
        return (await response.json()) as Result<never>;
      } catch {
        return fail(
          'transport_error',
          `the testbench server answered HTTP ${response.status} without a result`,
        );
      }
    },

    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      if (!isEventName(event)) throw new Error(`"${String(event)}" is not an event of the contract`);
      const set = listeners.get(event) ?? new Set<AnyListener>();
      listeners.set(event, set);
      const wrapped = listener as AnyListener;
      set.add(wrapped);
      openStream();
      return () => {
        set.delete(wrapped);
        closeStreamIfIdle();
      };
    },
  };
}
