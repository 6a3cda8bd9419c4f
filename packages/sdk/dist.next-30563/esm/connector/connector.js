// createConnector: the SDK object a customer runs. Holds the tools and metadata, runs the
// transport-free core, and reports one `exchange` event per handled request to its listeners.
import { collectHeaders, toBytes } from "../protocol/index.js";
import { fastifyPlugin } from "./fastify-adapter.js";
import { fetchAdapter } from "./fetch-adapter.js";
import { handleRequest } from "./handle.js";
import { listen, nodeHandler, rawPairs } from "./node-adapter.js";
import { resolveOptions } from "./options.js";
import { ToolRegistry } from "./registry.js";
export function createConnector(options) {
    const resolved = resolveOptions(options);
    const registry = new ToolRegistry();
    const listeners = [];
    const record = (input, response) => {
        if (listeners.length === 0)
            return;
        const event = {
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
            }
            catch (err) {
                // A logging listener must never break the answer to the platform.
                process.emitWarning(`connector exchange listener threw: ${err?.message ?? String(err)}`);
            }
        }
    };
    const core = {
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
    const connector = {
        tool(name, def, handler) {
            registry.add(name, def, handler);
            return connector;
        },
        metadata(m) {
            registry.setMetadata(m);
            return connector;
        },
        definitions: () => registry.definitions(),
        handle(req) {
            const body = toBytes(req.body);
            const input = {
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
            return new Promise((resolve) => resolve(core.process(input)));
        },
        listen: (port, host) => listen(core, port, host),
        nodeHandler: () => nodeHandler(core),
        express: () => nodeHandler(core, { routed: true }),
        fastify: () => fastifyPlugin(core),
        fetch: (request) => fetchAdapter(core, request),
        on(event, listener) {
            if (event !== 'exchange')
                throw new TypeError(`unknown connector event "${String(event)}"; the only event is "exchange"`);
            if (typeof listener !== 'function')
                throw new TypeError('the exchange listener must be a function');
            listeners.push(listener);
            return connector;
        },
    };
    return connector;
}
/** Header lines of a HeaderBag for exchange events: lower-cased names, every value kept. */
function pairsOf(headers) {
    const pairs = [];
    for (const [name, values] of collectHeaders(headers))
        for (const v of values)
            pairs.push([name, v]);
    return pairs;
}
