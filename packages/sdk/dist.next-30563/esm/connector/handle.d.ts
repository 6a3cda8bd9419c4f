import type { ResolvedOptions } from './options.ts';
import type { ToolRegistry } from './registry.ts';
import type { ConnectorRequest, ConnectorResponse } from './types.ts';
/** Path part of a request target (`/service?x=1` and `http://host/service` give `/service`). */
export declare function pathOf(target: string): string | null;
export declare function isEndpoint(options: ResolvedOptions, method: string, target: string): boolean;
export declare function notFoundResponse(): ConnectorResponse;
export declare function tooLargeResponse(options: ResolvedOptions, received?: number): ConnectorResponse;
/**
 * The core. A plain value when the tool handler answered synchronously, so adapters write the
 * answer in the same tick instead of chaining promises on every request.
 */
export declare function handleRequest(options: ResolvedOptions, registry: ToolRegistry, req: ConnectorRequest): ConnectorResponse | Promise<ConnectorResponse>;
/** A fresh object per response: callers of handle() may add their own headers to it. */
export declare function jsonHeaders(): Record<string, string>;
