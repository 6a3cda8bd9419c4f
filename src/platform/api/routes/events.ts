// Organization events a connector emits (decisions.md 3): no JWT, the v1 signature of the
// connection's secret instead, so this route keeps the exact bytes (its own raw-body parser).

import type { FastifyInstance } from 'fastify';
import { HEADER_CONNECTION_ID, HEADER_SIGNATURE, HEADER_TIMESTAMP } from '../../../protocol/index.ts';
import { MAX_EVENT_BYTES } from '../../events.ts';
import type { ApiContext } from '../context.ts';
import { TAGS } from '../context.ts';
import { errors, orgEventSchema } from '../schemas.ts';

export const eventBodyDoc = {
  type: 'object',
  properties: {
    event_id: { type: 'string', description: 'An event id the connector declared in its metadata' },
    payload: {},
  },
  required: ['event_id'],
} as const;

export async function eventRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // Encapsulated: inside this plugin every content type arrives as the untouched Buffer that was signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/v1/org/events',
    {
      config: { rawBody: eventBodyDoc },
      schema: {
        tags: [TAGS.events],
        summary: 'Receive an organization event from a connector (signed like platform requests, no JWT)',
        description: `Body {"event_id","payload"} signed with the connection's secret (v1 scheme); headers ${HEADER_SIGNATURE}, ${HEADER_TIMESTAMP} and ${HEADER_CONNECTION_ID}.`,
        response: { 201: orgEventSchema, ...errors(400, 401, 413) },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = ctx.platform.events.receive(raw, request.headers);
      return reply.code(201).send(event);
    },
  );
}
