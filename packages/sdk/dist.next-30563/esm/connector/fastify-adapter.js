// Fastify adapter: a plugin that, in its own encapsulated scope, parses every body as raw bytes
// and serves the endpoint route, so the app's JSON parser elsewhere never sees connector calls.
import { errorAnswer } from "../protocol/index.js";
import { jsonHeaders, tooLargeResponse } from "./handle.js";
const EMPTY = Buffer.alloc(0);
export function fastifyPlugin(core) {
    const { options } = core;
    return async (instance) => {
        // Encapsulated: these parsers replace the JSON one inside this plugin only.
        instance.removeAllContentTypeParsers();
        instance.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.maxBodyBytes }, (_req, body, done) => done(null, body));
        instance.setErrorHandler((error, _req, reply) => {
            const response = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
                ? tooLargeResponse(options)
                : plainError(400, 'invalid_request', 'the request body could not be read');
            reply.code(response.status).headers(response.headers).send(response.body);
        });
        instance.route({
            method: 'POST',
            url: options.endpointPath,
            bodyLimit: options.maxBodyBytes,
            handler: async (request, reply) => {
                const input = {
                    method: request.method,
                    path: options.endpointPath,
                    headers: request.headers,
                    pairs: null,
                    rawHeaders: request.raw.rawHeaders,
                    body: Buffer.isBuffer(request.body) ? request.body : EMPTY,
                    startedAt: Date.now(),
                    t0: performance.now(),
                };
                const response = await core.process(input);
                return reply.code(response.status).headers(response.headers).send(response.body);
            },
        });
    };
}
function plainError(status, code, message) {
    return {
        status,
        headers: jsonHeaders(),
        body: JSON.stringify(errorAnswer(code, message)),
        outcome: { verification: null, requestType: null, tool: null, requestId: null, code, message },
    };
}
