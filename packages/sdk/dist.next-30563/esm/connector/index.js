// Public surface of the connector SDK (what a customer runs): createConnector, ToolError and the
// types of tools, requests, responses and exchange events. The local host lives in ./host.
export { createConnector } from "./connector.js";
export { ToolError, ConnectorConfigError, StorageUnavailableError } from "./errors.js";
export { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "./options.js";
export { RAW_BODY_UNAVAILABLE } from "./raw-body.js";
