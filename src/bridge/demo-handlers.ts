// The guided demo's methods: validate, call the engine's Demo, map to the contract's DTOs, and tell
// every UI which connection changed.

import type { DemoInvokeDto, DemoStateDto, Handlers } from '../shared/index.ts';
import type { DemoInvocation, DemoState } from '../engine/index.ts';
import { connectionDto } from './dto.ts';
import type { HandlerContext } from './handler-context.ts';
import { objectInput, onlyKeys, optionalObject, optionalString, requiredString } from './validate.ts';

type DemoHandlers = Pick<
  Handlers,
  'demo:get-state' | 'demo:create-connection' | 'demo:invoke' | 'demo:reset'
>;

export function demoHandlers(ctx: HandlerContext): DemoHandlers {
  const { demo } = ctx.engine;
  const changed = (id: string) => ctx.hub?.emit('connections:changed', { id });
  return {
    'demo:get-state': () => stateDto(demo.state()),

    'demo:create-connection': async () => {
      const { state, started, connectionId } = await demo.createConnection();
      changed(connectionId);
      return { ...stateDto(state), started };
    },

    'demo:invoke': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['tool', 'arguments', 'conversationId', 'channel'], 'demo:invoke');
      const invocation = await demo.invoke({
        tool: requiredString(input, 'tool', 200),
        arguments: optionalObject(input, 'arguments'),
        conversationId: optionalString(input, 'conversationId', 200),
        channel: optionalString(input, 'channel', 100),
      });
      return invokeDto(invocation);
    },

    'demo:reset': async () => {
      const { connectionId, ...report } = await demo.reset();
      if (connectionId) changed(connectionId);
      return report;
    },
  };
}

function stateDto(s: DemoState): DemoStateDto {
  return {
    connector: s.connector && { ...s.connector },
    connection: s.connection && connectionDto(s.connection),
  };
}

function invokeDto(r: DemoInvocation): DemoInvokeDto {
  const e = r.exchange;
  return {
    tool: r.tool,
    ok: r.ok,
    output: r.output,
    error: r.error,
    durationMs: r.durationMs,
    requestId: r.requestId,
    exchangeId: r.exchangeId,
    request: e
      ? {
          method: e.method,
          url: e.url,
          headers: e.requestHeaders.map(([n, v]) => [n, v]),
          body: parseBody(e.requestBody),
        }
      : null,
    response: e
      ? { status: e.responseStatus ?? null, body: e.responseBody ? parseBody(e.responseBody) : null }
      : null,
  };
}

function parseBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
