import type { IncomingMessage } from 'node:http';
import type { ConnectorResponse } from './types.ts';
export declare const RAW_BODY_UNAVAILABLE = "raw_body_unavailable";
/** How to fix it, for the log and the wire alike: names the usual Express and Fastify setups. */
export declare const RAW_BODY_FIX: string;
/** A request a middleware may have read already: Express and body-parser fields, all optional. */
export type MaybeParsedRequest = IncomingMessage & {
    rawBody?: unknown;
    body?: unknown;
    /** Set to true by body-parser (Express) once it has read the stream. */
    _body?: unknown;
};
/** Bytes a raw-body parser kept (`req.rawBody`, or a Buffer `req.body` from express.raw()), else null. */
export declare function keptRawBody(req: MaybeParsedRequest): Buffer | null;
/** True when something read the body stream before the connector: the bytes are gone. */
export declare function bodyAlreadyRead(req: MaybeParsedRequest): boolean;
export declare function rawBodyUnavailableResponse(why: string): ConnectorResponse;
/** Logs the fix once per handler: a misconfigured app would otherwise repeat it on every call. */
export declare function warnOnce(): (message: string) => void;
