import type { JsonObject } from '../protocol/index.ts';
/** Thrown by a tool handler: answered as `{type:"error", code, message}` with HTTP 200. */
export declare class ToolError extends Error {
    readonly code: string;
    readonly details?: JsonObject;
    constructor(code: string, message: string, details?: JsonObject);
}
/** A connector was set up wrongly; thrown by createConnector, .tool() and .metadata(). */
export declare class ConnectorConfigError extends Error {
    constructor(message: string);
}
/**
 * Thrown by reading `ctx.storage`: platform apps get storage per install, but a connector has no
 * install scope, so its state belongs in its own database.
 */
export declare class StorageUnavailableError extends Error {
    readonly code = "storage_unavailable";
    constructor();
}
