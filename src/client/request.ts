// Request bodies of protocol.md 2.5 as the platform sends them: a fresh request_id per request
// and the envelope fields a connector may rely on.

import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION } from '../protocol/index.ts';
import type { ConnectorRequest, RequestType, ToolInvokeRequest } from '../protocol/index.ts';

export const DEFAULT_ORGANIZATION_ID = 'org_testbench';
export const DEFAULT_CHANNEL = 'whatsapp';

export function buildRequest(type: RequestType, fields: Partial<ToolInvokeRequest> = {}): ConnectorRequest {
  const envelope = {
    protocol_version: fields.protocol_version ?? PROTOCOL_VERSION,
    request_id: fields.request_id ?? randomUUID(),
    type,
    organization_id: fields.organization_id ?? DEFAULT_ORGANIZATION_ID,
    conversation_id: fields.conversation_id ?? `conv_${randomUUID().slice(0, 8)}`,
    channel: fields.channel ?? DEFAULT_CHANNEL,
    identity: fields.identity ?? {},
  };
  if (type === 'tool.invoke')
    return { ...envelope, type, tool: fields.tool ?? '', parameters: fields.parameters ?? {} };
  return { ...envelope, type } as ConnectorRequest;
}
