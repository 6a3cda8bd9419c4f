// Names and numbers of the External Connector Protocol (protocol.md 4.1, 5.1, 8; decisions.md 1-2).
// Every other module takes its header names, versions and defaults from here.
export const PROTOCOL_VERSION = '1';
export const SIGNATURE_SCHEME = 'v1';
export const HEADER_SIGNATURE = 'x-service-signature';
export const HEADER_TIMESTAMP = 'x-service-timestamp';
export const HEADER_PROTOCOL = 'x-service-protocol';
export const HEADER_TRACE_ID = 'x-service-trace-id';
export const HEADER_TENANT_ID = 'x-service-tenant-id';
export const HEADER_WORKSPACE_ID = 'x-service-workspace-id';
export const HEADER_CONNECTION_ID = 'x-service-connection-id';
export const SIGNED_HEADERS = [HEADER_SIGNATURE, HEADER_TIMESTAMP, HEADER_PROTOCOL];
export const DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS = 300;
export const DEFAULT_ENDPOINT_PATH = '/service';
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const PLATFORM_TIMEOUT_MS = 30_000;
export const REQUEST_TYPES = ['tool.invoke', 'ping', 'capabilities.list', 'tools.list'];
