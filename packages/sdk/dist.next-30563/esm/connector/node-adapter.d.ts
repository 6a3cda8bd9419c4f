import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { HeaderBag } from '../protocol/index.ts';
import type { ResolvedOptions } from './options.ts';
import type { ConnectorResponse, ListeningConnector } from './types.ts';
export interface AdapterInput {
    method: string;
    path: string;
    headers: HeaderBag;
    /** Header lines for exchange events: given as pairs, or as node's flat rawHeaders, or (both null) read from `headers`. */
    pairs: Array<[string, string]> | null;
    rawHeaders: string[] | null;
    body: Buffer;
    startedAt: number;
    t0: number;
}
/** What an adapter needs from the connector: run the core, or record an answer it gave itself. */
export interface AdapterCore {
    options: ResolvedOptions;
    /** A plain value when every step (the tool handler included) answered synchronously. */
    process(input: AdapterInput): ConnectorResponse | Promise<ConnectorResponse>;
    record(input: AdapterInput, response: ConnectorResponse): void;
}
export declare function rawPairs(raw: string[]): Array<[string, string]>;
export interface NodeHandlerOptions {
    /**
     * The framework already routed the request here (Express `app.post(path, handler)`): every
     * request reaching the handler is for the endpoint, whatever path it was mounted at.
     */
    routed?: boolean;
}
export declare function nodeHandler(core: AdapterCore, handlerOptions?: NodeHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void;
export declare function listen(core: AdapterCore, port?: number, host?: string): Promise<ListeningConnector & {
    origin: string;
    server: Server;
}>;
