// Bodies and signed headers of the load requests: a fresh request_id and a fresh timestamp for
// every request, signed with the protocol core (an HMAC of a few hundred bytes costs microseconds).

import { randomUUID } from 'node:crypto';
import { HEADER_PROTOCOL, HEADER_SIGNATURE, HEADER_TIMESTAMP, sign } from '../protocol/index.ts';
import { buildRequest } from '../platform/client/index.ts';
import type { LoadRequestSpec } from './types.ts';

const PLACEHOLDER = '__ctb_load_request_id__';

export interface PreparedRequest {
  body: Buffer;
  /** Flat name, value, name, value... as undici's dispatch takes them. */
  headers: string[];
}

export function describeSpec(spec: LoadRequestSpec): string {
  if (spec.kind === 'type') return spec.type;
  if (spec.kind === 'tool') return `tool.invoke ${spec.tool}`;
  return `body file (${spec.body.length} bytes)`;
}

export class RequestSource {
  private readonly prefix: string = '';
  private readonly suffix: string = '';
  private readonly fixed: Buffer | null = null;
  /** The secret as bytes once, so signing does not re-encode it for every request. */
  private readonly secret: Buffer;

  constructor(spec: LoadRequestSpec, secret: string) {
    this.secret = Buffer.from(secret, 'utf8');
    if (spec.kind === 'body') {
      this.fixed = spec.body;
      return;
    }
    const fields = spec.kind === 'tool' ? { tool: spec.tool, parameters: spec.parameters } : {};
    const type = spec.kind === 'tool' ? 'tool.invoke' : spec.type;
    // Serialise once; only the request_id changes between requests.
    const template = JSON.stringify(buildRequest(type, { ...fields, request_id: PLACEHOLDER, conversation_id: 'conv_load' }));
    const at = template.indexOf(PLACEHOLDER);
    this.prefix = template.slice(0, at);
    this.suffix = template.slice(at + PLACEHOLDER.length);
  }

  next(): PreparedRequest {
    const body = this.fixed ?? Buffer.from(this.prefix + randomUUID() + this.suffix, 'utf8');
    const signed = sign(this.secret, body);
    return {
      body,
      headers: [
        'content-type', 'application/json',
        HEADER_SIGNATURE, signed[HEADER_SIGNATURE],
        HEADER_TIMESTAMP, signed[HEADER_TIMESTAMP],
        HEADER_PROTOCOL, signed[HEADER_PROTOCOL],
      ],
    };
  }
}
