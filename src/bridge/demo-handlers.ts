// The guided demo's methods: check the input, call the engine's Demo, answer its DTOs
// (src/engine/dto/use-case-dto.ts), and tell every UI which connection changed.

import type { Handlers } from '../shared/index.ts';
import { parseDemoInvoke } from '../engine/demo/demo.ts';
import { demoInvokeDto, demoStateDto } from '../engine/dto/use-case-dto.ts';
import type { HandlerContext } from './handler-context.ts';

type DemoHandlers = Pick<
  Handlers,
  'demo:get-state' | 'demo:create-connection' | 'demo:invoke' | 'demo:reset'
>;

export function demoHandlers(ctx: HandlerContext): DemoHandlers {
  const { demo } = ctx.engine;
  const changed = (id: string) => ctx.hub?.emit('connections:changed', { id });
  return {
    'demo:get-state': () => demoStateDto(demo.state()),
    'demo:create-connection': async () => {
      const { state, started, connectionId } = await demo.createConnection();
      changed(connectionId);
      return { ...demoStateDto(state), started };
    },
    'demo:invoke': async (raw) => demoInvokeDto(await demo.invoke(parseDemoInvoke(raw))),
    'demo:reset': async () => {
      const { connectionId, ...report } = await demo.reset();
      if (connectionId) changed(connectionId);
      return report;
    },
  };
}
