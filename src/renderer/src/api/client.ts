// The renderer's single door to the engine: whichever transport getApiClient() picks (Electron
// preload or browser-mode HTTP). Only store actions call it; a failed transport becomes a Result.

import type {
  ApiClient,
  EventName,
  Events,
  InputOf,
  MethodName,
  OutputOf,
  Result,
} from '../../../shared/index.ts';
import { getApiClient } from './client-for-window.ts';

let client: ApiClient | null = null;

/** Puts another transport behind call/subscribe (tests dispatch to in-process handlers); null resets. */
export function setApiClient(next: ApiClient | null): void {
  client = next;
}

function current(): ApiClient {
  client ??= getApiClient();
  return client;
}

export async function call<M extends MethodName>(method: M, input: InputOf<M>): Promise<Result<OutputOf<M>>> {
  try {
    return await current().call(method, input);
  } catch (e) {
    // A dropped bridge (engine gone, token refused) is still shown where the action happened.
    return {
      ok: false,
      error: { code: 'bridge_unavailable', message: `The engine did not answer: ${(e as Error).message}` },
    };
  }
}

export function subscribe<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  try {
    return current().on(event, listener);
  } catch {
    return () => {};
  }
}
