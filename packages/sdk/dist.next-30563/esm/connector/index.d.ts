export { createConnector } from './connector.ts';
export { ToolError, ConnectorConfigError, StorageUnavailableError } from './errors.ts';
export { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from './options.ts';
export { RAW_BODY_UNAVAILABLE } from './raw-body.ts';
export type { FastifyConnectorPlugin, FastifyInstanceLike } from './fastify-adapter.ts';
export type { Connector, ConnectorOptions, ConnectorOutcome, ConnectorRequest, ConnectorResponse, ExchangeEvent, ListeningConnector, ToolContext, ToolHandler, ToolSpec, } from './types.ts';
export type { HeaderBag, InputSchema, JsonObject, OrgMetadata, ToolAuth, ToolDefinition, VerifyResult, } from '../protocol/index.ts';
