import type { REQUEST_TYPES } from './constants.ts';
export type RequestType = (typeof REQUEST_TYPES)[number];
export type JsonObject = {
    [key: string]: unknown;
};
/** JSON-Schema-style input schema of a tool (protocol.md 2.3). */
export interface InputSchema {
    type: 'object';
    properties?: Record<string, JsonObject>;
    required?: string[];
    [keyword: string]: unknown;
}
export type ToolAuth = 'none' | 'optional' | (string & {});
export interface ToolDefinition {
    name: string;
    description: string;
    auth: ToolAuth;
    chat: boolean;
    input_schema: InputSchema;
}
export interface FlowItem {
    id: string;
    label: string;
}
export interface OrgMetadata {
    version: number;
    events: FlowItem[];
    actions: FlowItem[];
    tasks: Array<FlowItem & {
        priority: string;
    }>;
}
/** Fields every request carries (protocol.md 2.5). */
export interface RequestEnvelope {
    protocol_version: string;
    request_id: string;
    type: RequestType;
    organization_id?: string;
    conversation_id?: string;
    channel?: string;
    identity?: JsonObject;
}
export interface ToolInvokeRequest extends RequestEnvelope {
    type: 'tool.invoke';
    tool: string;
    parameters: JsonObject;
}
export interface PingRequest extends RequestEnvelope {
    type: 'ping';
}
export interface CapabilitiesListRequest extends RequestEnvelope {
    type: 'capabilities.list';
}
export interface ToolsListRequest extends RequestEnvelope {
    type: 'tools.list';
}
export type ConnectorRequest = ToolInvokeRequest | PingRequest | CapabilitiesListRequest | ToolsListRequest;
export interface PongAnswer {
    type: 'pong';
    protocol_version: string;
    time: number;
}
export interface CapabilitiesAnswer {
    type: 'capabilities';
    protocol_version: string;
    tools: ToolDefinition[];
    metadata?: OrgMetadata;
}
export interface ToolsAnswer {
    type: 'tools';
    tools: ToolDefinition[];
}
export interface ResultAnswer {
    type: 'result';
    output: JsonObject;
}
/** Error codes of decisions.md 2; a tool handler may answer its own code. */
export type ProtocolErrorCode = 'invalid_signature' | 'invalid_request' | 'payload_too_large' | 'unsupported_protocol_version' | 'unknown_type' | 'unknown_tool' | 'invalid_parameters' | 'tool_error' | (string & {});
export interface ErrorAnswer {
    type: 'error';
    code: ProtocolErrorCode;
    message: string;
}
export type ConnectorAnswer = PongAnswer | CapabilitiesAnswer | ToolsAnswer | ResultAnswer | ErrorAnswer;
/** Raw bytes of a request or answer body. Strings are taken as UTF-8. */
export type RawBody = Uint8Array | string;
/**
 * Headers as a transport sees them. A value given as an array with more than one element,
 * or a value joined with commas by the transport, means the header was sent more than once.
 */
export type HeaderBag = Record<string, string | string[] | undefined> | Array<[string, string]> | {
    forEach(cb: (value: string, name: string) => void): void;
};
