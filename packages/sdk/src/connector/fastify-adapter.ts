// Fastify adapter: a plugin that, in its own encapsulated scope, parses every body as raw bytes
// and serves the endpoint route, so the app's JSON parser elsewhere never sees connector calls.

import { performance } from 'node:perf_hooks';
import { errorAnswer } from '../protocol/index.ts';
import { jsonHeaders, tooLargeResponse } from './handle.ts';
import type { AdapterCore, AdapterInput } from './node-adapter.ts';
import type { ConnectorResponse } from './types.ts';

// Structural types of the few Fastify members used, so the SDK neither depends on Fastify nor
// ships its types; method syntax keeps a real FastifyInstance assignable to them.
interface FastifyRequestLike {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  raw: { rawHeaders: string[] };
}
interface FastifyReplyLike {
  code(status: number): FastifyReplyLike;
  headers(values: Record<string, string>): FastifyReplyLike;
  send(payload: string): FastifyReplyLike;
}
export interface FastifyInstanceLike {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'buffer'; bodyLimit: number },
    parser: (req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => void,
  ): void;
  setErrorHandler(handler: (error: { code?: string }, req: unknown, reply: FastifyReplyLike) => void): void;
  route(options: {
    method: 'POST';
    url: string;
    bodyLimit: number;
    handler: (req: FastifyRequestLike, reply: FastifyReplyLike) => Promise<FastifyReplyLike>;
  }): unknown;
}

/** `app.register(connector.fastify())`: the endpoint at endpointPath (under the register prefix). */
export type FastifyConnectorPlugin = (instance: FastifyInstanceLike, opts: unknown) => Promise<void>;

const EMPTY = Buffer.alloc(0);

export function fastifyPlugin(core: AdapterCore): FastifyConnectorPlugin {
  const { options } = core;
  return async (instance) => {
    // Encapsulated: these parsers replace the JSON one inside this plugin only.
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: options.maxBodyBytes },
      (_req, body, done) => done(null, body),
    );
    instance.setErrorHandler((error, _req, reply) => {
      const response =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? tooLargeResponse(options)
          : plainError(400, 'invalid_request', 'the request body could not be read');
      reply.code(response.status).headers(response.headers).send(response.body);
    });
    instance.route({
      method: 'POST',
      url: options.endpointPath,
      bodyLimit: options.maxBodyBytes,
      handler: async (request, reply) => {
        const input: AdapterInput = {
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

function plainError(status: number, code: string, message: string): ConnectorResponse {
  return {
    status,
    headers: jsonHeaders(),
    body: JSON.stringify(errorAnswer(code, message)),
    outcome: { verification: null, requestType: null, tool: null, requestId: null, code, message },
  };
}
