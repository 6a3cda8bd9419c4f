// createConnector: the SDK object a customer runs. Holds the tools and metadata, runs the
// transport-free core, and reports one `exchange` event per handled request to its listeners.

// The module's own binding: the global `performance` is a lazy accessor, read twice per request.
import { performance } from 'node:perf_hooks';
import type { HeaderBag, OrgMetadata } from '../protocol/index.ts';
import { collectHeaders, toBytes } from '../protocol/index.ts';
import { fastifyPlugin } from './fastify-adapter.ts';
import { fetchAdapter } from './fetch-adapter.ts';
import { handleRequest } from './handle.ts';
import { listen, nodeHandler, rawPairs } from './node-adapter.ts';
import type { AdapterCore, AdapterInput } from './node-adapter.ts';
import { resolveOptions } from './options.ts';
import { ToolRegistry } from './registry.ts';
import type {
  Connector,
  ConnectorOptions,
  ConnectorRequest,
  ConnectorResponse,
  ExchangeEvent,
  ToolHandler,
  ToolSpec,
} from './types.ts';

export function createConnector(options: ConnectorOptions): Connector {
  const resolved = resolveOptions(options);
  const registry = new ToolRegistry();
  const listeners: Array<(e: ExchangeEvent) => void> = [];

  const record = (input: AdapterInput, response: ConnectorResponse) => {
    if (listeners.length === 0) return;
    const event: ExchangeEvent = {
      method: input.method,
      path: input.path,
      headers: input.pairs ?? (input.rawHeaders ? rawPairs(input.rawHeaders) : pairsOf(input.headers)),
      body: input.body,
      response,
      durationMs: performance.now() - input.t0,
      startedAt: input.startedAt,
    };
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        // A logging listener must never break the answer to the platform.
        process.emitWarning(`connector exchange listener threw: ${(err as Error)?.message ?? String(err)}`);
      }
    }
  };
  const core: AdapterCore = {
    options: resolved,
    record,
    process(input) {
      // The input is itself a ConnectorRequest (method, path, headers, body): no copy per request.
      const out = handleRequest(resolved, registry, input);
      if (out instanceof Promise)
        return out.then((response) => {
          record(input, response);
          return response;
        });
      record(input, out);
      return out;
    },
  };

  const connector: Connector = {
    tool(name: string, def: ToolSpec, handler: ToolHandler) {
      registry.add(name, def, handler);
      return connector;
    },
    metadata(m: OrgMetadata) {
      registry.setMetadata(m);
      return connector;
    },
    definitions: () => registry.definitions(),
    handle(req: ConnectorRequest) {
      const body = toBytes(req.body);
      const input: AdapterInput = {
        method: req.method,
        path: req.path,
        headers: req.headers,
        pairs: null,
        rawHeaders: null,
        body,
        startedAt: Date.now(),
        t0: performance.now(),
      };
      // Failures of the core reject the returned promise, as they always have.
      return new Promise<ConnectorResponse>((resolve) => resolve(core.process(input)));
    },
    listen: (port?: number, host?: string) => listen(core, port, host),
    nodeHandler: () => nodeHandler(core),
    express: () => nodeHandler(core, { routed: true }),
    fastify: () => fastifyPlugin(core),
    fetch: (request: Request) => fetchAdapter(core, request),
    on(event: 'exchange', listener: (e: ExchangeEvent) => void) {
      if (event !== 'exchange')
        throw new TypeError(`unknown connector event "${String(event)}"; the only event is "exchange"`);
      if (typeof listener !== 'function') throw new TypeError('the exchange listener must be a function');
      listeners.push(listener);
      return connector;
    },
  };
  return connector;
}

/** Header lines of a HeaderBag for exchange events: lower-cased names, every value kept. */
function pairsOf(headers: HeaderBag): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, values] of collectHeaders(headers)) for (const v of values) pairs.push([name, v]);
  return pairs;
}
