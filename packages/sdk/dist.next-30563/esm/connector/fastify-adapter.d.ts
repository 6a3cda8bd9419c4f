import type { AdapterCore } from './node-adapter.ts';
interface FastifyRequestLike {
    method: string;
    headers: Record<string, string | string[] | undefined>;
    body?: unknown;
    raw: {
        rawHeaders: string[];
    };
}
interface FastifyReplyLike {
    code(status: number): FastifyReplyLike;
    headers(values: Record<string, string>): FastifyReplyLike;
    send(payload: string): FastifyReplyLike;
}
export interface FastifyInstanceLike {
    removeAllContentTypeParsers(): void;
    addContentTypeParser(contentType: string, options: {
        parseAs: 'buffer';
        bodyLimit: number;
    }, parser: (req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => void): void;
    setErrorHandler(handler: (error: {
        code?: string;
    }, req: unknown, reply: FastifyReplyLike) => void): void;
    route(options: {
        method: 'POST';
        url: string;
        bodyLimit: number;
        handler: (req: FastifyRequestLike, reply: FastifyReplyLike) => Promise<FastifyReplyLike>;
    }): unknown;
}
/** `app.register(connector.fastify())`: the endpoint at endpointPath (under the register prefix). */
export type FastifyConnectorPlugin = (instance: FastifyInstanceLike, opts: unknown) => Promise<void>;
export declare function fastifyPlugin(core: AdapterCore): FastifyConnectorPlugin;
export {};
