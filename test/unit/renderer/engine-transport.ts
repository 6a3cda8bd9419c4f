// Puts the real engine behind the renderer's API client for store tests: an in-memory engine, the
// bridge's handlers and dispatch, and a JSON round trip like the wire, so stores meet real answers.

import { createEngine } from '../../../src/engine/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { createHandlers } from '../../../src/bridge/handlers.ts';
import { createDispatch } from '../../../src/bridge/dispatch.ts';
import { EventHub } from '../../../src/engine/event-hub.ts';
import { hostRequestDto } from '../../../src/engine/dto/host-request-dto.ts';
import type { HostRequestEvent } from '../../../src/connector/host/index.ts';
import type { ApiClient, EventName, Events, Result } from '../../../src/shared/index.ts';
import { setApiClient } from '../../../src/renderer/src/api/client.ts';

export interface EngineTransport {
  engine: Engine;
  close(): Promise<void>;
}

/** Opens a throw-away engine and routes every store call to it until close(). */
export async function useInProcessEngine(): Promise<EngineTransport> {
  // 'dev' lets connections point at 127.0.0.1, as the desktop app allows for local development.
  const engine = await createEngine({ dataDir: ':memory:', ssrfMode: 'dev' });
  const hub = new EventHub();
  // The events the desktop and browser shells push, wired as they wire them.
  engine.history.onAppended((id) => hub.emit('history:appended', { id }));
  engine.host.on('request', (event: HostRequestEvent) => hub.emit('host:request', hostRequestDto(event)));
  const dispatch = createDispatch(
    createHandlers({ engine, hub, info: { version: 'test', mode: 'browser' } }),
  );
  const client: ApiClient = {
    async call(method, input) {
      const wire = input === undefined ? undefined : (JSON.parse(JSON.stringify(input)) as unknown);
      const answer = await dispatch(method, wire);
      return JSON.parse(JSON.stringify(answer)) as Result<never>;
    },
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void) {
      return hub.subscribe((pushed) => {
        if (pushed.event === event) listener(pushed.payload as Events[E]);
      });
    },
  };
  setApiClient(client);
  return {
    engine,
    async close() {
      setApiClient(null);
      await engine.close();
    },
  };
}
