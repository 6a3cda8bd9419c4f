// Errors of the connector SDK: ToolError is what a handler throws to answer its own error code;
// the others name a setup mistake (options, tools, metadata) or a misuse of the tool context.
// Codes travel as identifiers that platforms switch on: no spaces, no empty string.
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** Thrown by a tool handler: answered as `{type:"error", code, message}` with HTTP 200. */
export class ToolError extends Error {
    code;
    details;
    constructor(code, message, details) {
        super(message);
        if (!CODE_PATTERN.test(code))
            throw new TypeError(`ToolError code ${JSON.stringify(code)} must be an identifier such as "not_found" (letters, digits, _ . -; starting with a letter; at most 64)`);
        this.name = 'ToolError';
        this.code = code;
        if (details !== undefined)
            this.details = details;
    }
}
/** A connector was set up wrongly; thrown by createConnector, .tool() and .metadata(). */
export class ConnectorConfigError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ConnectorConfigError';
    }
}
/**
 * Thrown by reading `ctx.storage`: platform apps get storage per install, but a connector has no
 * install scope, so its state belongs in its own database.
 */
export class StorageUnavailableError extends Error {
    code = 'storage_unavailable';
    constructor() {
        super('ctx.storage does not exist on a connector: a connector has no install scope on the platform, so it keeps its state in its own database (SQLite, Postgres, ...), keyed by ctx.organizationId if it serves several organizations');
        this.name = 'StorageUnavailableError';
    }
}
