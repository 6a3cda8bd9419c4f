// The signature covers the exact bytes sent, so an adapter must see them before any body parser.
// Here: finding bytes a raw-body parser kept, and the immediate answer when they are gone.

import type { IncomingMessage } from 'node:http';
import { errorAnswer } from '../protocol/index.ts';
import { jsonHeaders } from './handle.ts';
import type { ConnectorResponse } from './types.ts';

export const RAW_BODY_UNAVAILABLE = 'raw_body_unavailable';

/** How to fix it, for the log and the wire alike: names the usual Express and Fastify setups. */
export const RAW_BODY_FIX =
  'register the connector route before app.use(express.json()) (express.raw({ type: "*/*" }) on that route is fine), ' +
  'or keep the bytes where the parser runs: express.json({ verify: (req, _res, buf) => { req.rawBody = buf } }); ' +
  'with Fastify, register connector.fastify()';

/** A request a middleware may have read already: Express and body-parser fields, all optional. */
export type MaybeParsedRequest = IncomingMessage & {
  rawBody?: unknown;
  body?: unknown;
  /** Set to true by body-parser (Express) once it has read the stream. */
  _body?: unknown;
};

/** Bytes a raw-body parser kept (`req.rawBody`, or a Buffer `req.body` from express.raw()), else null. */
export function keptRawBody(req: MaybeParsedRequest): Buffer | null {
  const { rawBody, body } = req;
  if (rawBody instanceof Uint8Array)
    return Buffer.isBuffer(rawBody)
      ? rawBody
      : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  if (Buffer.isBuffer(body)) return body;
  return null;
}

/** True when something read the body stream before the connector: the bytes are gone. */
export function bodyAlreadyRead(req: MaybeParsedRequest): boolean {
  return req._body === true || req.readableEnded;
}

/** The same for connector.fetch(), where no Express or Fastify setup applies. */
export const RAW_BODY_FIX_FETCH =
  'pass the untouched Request to connector.fetch(): nothing may read its body first ' +
  '(Hono: no c.req.json(), c.req.text() or body validator on that route)';

export function rawBodyUnavailableResponse(why: string, fix: string = RAW_BODY_FIX): ConnectorResponse {
  const message = `the connector could not read the raw request body (${why}), so it cannot verify the signature: ${fix}`;
  return {
    status: 500,
    headers: jsonHeaders(),
    body: JSON.stringify(errorAnswer(RAW_BODY_UNAVAILABLE, message)),
    outcome: {
      verification: null,
      requestType: null,
      tool: null,
      requestId: null,
      code: RAW_BODY_UNAVAILABLE,
      message,
    },
  };
}

/** Logs the fix once per handler: a misconfigured app would otherwise repeat it on every call. */
export function warnOnce(): (message: string) => void {
  let warned = false;
  return (message) => {
    if (warned) return;
    warned = true;
    process.emitWarning(message, { code: 'CONNECTOR_RAW_BODY_UNAVAILABLE' });
  };
}
