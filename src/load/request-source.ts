// Bodies and signed headers of the load requests: a fresh request_id and a fresh timestamp for
// every request, each signed with the v1 scheme (signer.ts, checked against the protocol core).

import { randomUUID } from 'node:crypto';
import {
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  HEADER_TRACE_ID,
  PROTOCOL_VERSION,
  nowSeconds,
} from '../protocol/index.ts';
import { createSigner } from './signer.ts';
import type { Signer } from './signer.ts';
import type { LoadRequestSpec } from './types.ts';
import { requestTemplate } from './request-template.ts';

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

  private readonly extra: string[];

  constructor(spec: LoadRequestSpec, secret: string, traceId?: string) {
    this.sign = createSigner(secret);
    this.extra = traceId ? [HEADER_TRACE_ID, traceId] : [];
    if (spec.kind === 'body') {
      this.fixed = spec.body;
      return;
    }
    // Serialised once; only the request_id changes between requests.
    const template = requestTemplate(spec);
    this.prefix = template.prefix;
    this.suffix = template.suffix;
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
        ...this.extra,
      ],
    };
  }
}
