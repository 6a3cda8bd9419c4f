// Bodies and signed headers of the load requests: a fresh request_id and a fresh timestamp for
// every request, each signed with the v1 scheme (signer.ts, checked against the protocol core).

import { randomUUID } from 'node:crypto';
import {
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  PROTOCOL_VERSION,
  nowSeconds,
} from '../protocol/index.ts';
import { buildRequest } from '../client/index.ts';
import { createSigner } from './signer.ts';
import type { Signer } from './signer.ts';
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
  private readonly sign: Signer;

  constructor(spec: LoadRequestSpec, secret: string) {
    this.sign = createSigner(secret);
    if (spec.kind === 'body') {
      this.fixed = spec.body;
      return;
    }
    const fields = spec.kind === 'tool' ? { tool: spec.tool, parameters: spec.parameters } : {};
    const type = spec.kind === 'tool' ? 'tool.invoke' : spec.type;
    // Serialise once; only the request_id changes between requests.
    const template = JSON.stringify(
      buildRequest(type, { ...fields, request_id: PLACEHOLDER, conversation_id: 'conv_load' }),
    );
    const at = template.indexOf(PLACEHOLDER);
    this.prefix = template.slice(0, at);
    this.suffix = template.slice(at + PLACEHOLDER.length);
  }

  next(): PreparedRequest {
    const body = this.fixed ?? Buffer.from(this.prefix + randomUUID() + this.suffix, 'utf8');
    const timestamp = String(nowSeconds());
    return {
      body,
      headers: [
        'content-type',
        'application/json',
        HEADER_SIGNATURE,
        this.sign(timestamp, body),
        HEADER_TIMESTAMP,
        timestamp,
        HEADER_PROTOCOL,
        PROTOCOL_VERSION,
      ],
    };
  }
}
