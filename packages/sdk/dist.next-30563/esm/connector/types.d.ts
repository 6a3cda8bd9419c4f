import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyConnectorPlugin } from './fastify-adapter.ts';
import type { HeaderBag, InputSchema, JsonObject, OrgMetadata, ToolAuth, ToolDefinition, VerifyResult } from '../protocol/index.ts';
export interface ConnectorOptions {
    /**
     * The secret the platform signs with. During a rotation, a list: the current secret first, then
     * the ones still accepted; a request signed with any of them verifies.
     */
    signingSecret: string | readonly string[];
    /** Protocol version this connector speaks; must match the platform. Default "1". */
    protocolVersion?: string;
    /** Replay window, checked in both directions. Default 300. */
    maxTimestampSkewSeconds?: number;
    /** HTTP path of the endpoint. Default "/service". */
    endpointPath?: string;
    /** Largest accepted request body. Default 1 MiB. */
    maxBodyBytes?: number;
    /** Clock in unix seconds, for tests. */
    now?: () => number;
    /** node:http adapter: time allowed to receive the request headers. Default 10 000. */
    headersTimeoutMs?: number;
    /** node:http adapter: time allowed to receive the whole request. Default 30 000. */
    requestTimeoutMs?: number;
}
export interface ToolContext {
    requestId: string;
    conversationId?: string;
    organizationId?: string;
    channel?: string;
    identity: JsonObject;
    tool: string;
    /** The x-service-trace-id header, when the platform forwarded one. */
    traceId?: string;
    /**
     * Does not exist: a connector has no install scope on the platform, so there is no storage to
     * hand out. Reading it throws StorageUnavailableError; keep state in your own database.
     */
    readonly storage?: never;
}
export interface ToolSpec {
    description: string;
    auth?: ToolAuth;
    chat?: boolean;
    input_schema: InputSchema;
}
export type ToolHandler = (parameters: JsonObject, ctx: ToolContext) => JsonObject | Promise<JsonObject>;
export interface ConnectorRequest {
    method: string;
    /** Request target; a query string is ignored. */
    path: string;
    headers: HeaderBag;
    body: Uint8Array;
}
export interface ConnectorOutcome {
    /** Null when verification was not reached (404, 413). */
    verification: VerifyResult | null;
    requestType: string | null;
    tool: string | null;
    requestId: string | null;
    /** Error code answered; null on success. */
    code: string | null;
    /** Detail for logs only (the wire message may be generic). */
    message?: string;
    /** `details` of a ToolError, kept for logs. */
    details?: JsonObject;
    /** Which signingSecret verified the request (never the secret itself). */
    matchedSecret?: {
        index: number;
        fingerprint: string;
    };
}
export interface ConnectorResponse {
    status: number;
    headers: Record<string, string>;
    body: string;
    /** What happened, for logs: never sent on the wire. */
    outcome: ConnectorOutcome;
}
export interface ExchangeEvent {
    method: string;
    path: string;
    headers: Array<[string, string]>;
    body: Buffer;
    response: ConnectorResponse;
    durationMs: number;
    /** Epoch milliseconds. */
    startedAt: number;
}
export interface ListeningConnector {
    url: string;
    port: number;
    host: string;
    close(): Promise<void>;
}
export interface Connector {
    tool(name: string, def: ToolSpec, handler: ToolHandler): Connector;
    metadata(m: OrgMetadata): Connector;
    /** Tool definitions in their wire shape. */
    definitions(): ToolDefinition[];
    /** Transport-free core: raw bytes and headers in, status, headers and body out, plus what happened. */
    handle(req: ConnectorRequest): Promise<ConnectorResponse>;
    /** Starts a node:http server on 127.0.0.1 (port 0 picks a free one). */
    listen(port?: number, host?: string): Promise<ListeningConnector>;
    /** The node:http request listener, to mount on a server of one's own. */
    nodeHandler(): (req: IncomingMessage, res: ServerResponse) => void;
    /**
     * Express handler: `app.post('/service', connector.express())`. Uses the raw bytes a raw-body
     * parser kept (req.rawBody, a Buffer req.body); when a JSON parser consumed them, answers 500
     * raw_body_unavailable at once and logs the fix.
     */
    express(): (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;
    /** Fastify plugin: `app.register(connector.fastify())` serves endpointPath with a raw-body parser. */
    fastify(): FastifyConnectorPlugin;
    /** Fetch-style adapter (Hono, Next.js route handlers, Bun, Deno, Workers): Request in, Response out. */
    fetch(request: Request): Promise<Response>;
    /** One `exchange` event per handled request. */
    on(event: 'exchange', listener: (e: ExchangeEvent) => void): Connector;
}
