// Shared state of one conformance run: the target, the clock, the signing of hand-made requests
// and the log of every exchange (the aggregate checks grade all answers seen during the run).

import { randomBytes } from 'node:crypto';
import {
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  PROTOCOL_VERSION,
  computeSignature,
  nowSeconds,
  recase,
} from '../protocol/index.ts';
import type { RequestType, ToolDefinition } from '../protocol/index.ts';
import { buildRequest, rawCall } from '../client/index.ts';
import type { CallError, RawRequest, RawResponse } from '../client/index.ts';
import type { Validator } from './schemas.ts';

export interface Exchange {
  checkId: string;
  request: RawRequest;
  response: RawResponse | null;
  error: CallError | null;
  /** Parsed answer body; undefined when it is not JSON. */
  json: unknown;
  timeMs: number;
  /** Epoch milliseconds when the request started. */
  startedAt: number;
}

export interface SignOverrides {
  /** Seconds added to the clock before signing (negative: in the past). */
  offsetSeconds?: number;
  /** Exact timestamp text to sign and send (milliseconds, decimals...). */
  timestamp?: string;
  secret?: string;
  headerCase?: 'upper' | 'lower' | 'mixed';
  protocolHeader?: string;
  uppercaseDigest?: boolean;
  /** Header lines to append after the three signing headers (a doubled header, a trace id). */
  extraHeaders?: Array<[string, string]>;
  path?: string;
  method?: string;
}

export class ConformanceContext {
  readonly url: string;
  readonly secret: string;
  readonly skewSeconds: number;
  readonly timeoutMs: number;
  readonly exchanges: Exchange[] = [];
  /** Tools the connector listed (capabilities.list, else tools.list); null until discovered. */
  tools: ToolDefinition[] | null = null;
  /** Compiled input_schema of each listed tool whose schema compiled. */
  readonly validators = new Map<string, Validator>();
  pong: Exchange | null = null;
  capabilitiesAnswer: Exchange | null = null;
  toolsListAnswer: Exchange | null = null;
  currentCheck = '';
  /** Answers to requests that had to be refused as invalid_signature: compared for leaks. */
  readonly signatureRefusals: Exchange[] = [];
  private readonly clock: () => number;

  private readonly signal: AbortSignal | undefined;

  constructor(options: {
    url: string;
    secret: string;
    skewSeconds: number;
    timeoutMs: number;
    now?: () => number;
    signal?: AbortSignal;
  }) {
    this.signal = options.signal;
    this.url = options.url;
    this.secret = options.secret;
    this.skewSeconds = options.skewSeconds;
    this.timeoutMs = options.timeoutMs;
    this.clock = options.now ?? nowSeconds;
  }

  now(): number {
    return this.clock();
  }

  /** A protocol.md 2.5 request body, serialised compactly. */
  body(type: RequestType | string, fields: Record<string, unknown> = {}): string {
    // buildRequest gives the envelope fields (fresh request_id, version); type and fields override.
    const base = buildRequest('ping') as unknown as Record<string, unknown>;
    return JSON.stringify({ ...base, type, ...fields });
  }

  urlFor(path?: string): string {
    if (path === undefined) return this.url;
    const u = new URL(this.url);
    u.pathname = path;
    u.search = '';
    return u.toString();
  }

  /** A correctly signed request unless an override says otherwise. */
  signed(body: string | Buffer, o: SignOverrides = {}): RawRequest {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const timestamp = o.timestamp ?? String(this.now() + (o.offsetSeconds ?? 0));
    let signature = computeSignature(o.secret ?? this.secret, timestamp, bytes);
    if (o.uppercaseDigest) signature = 'v1=' + signature.slice(3).toUpperCase();
    const name = (n: string) => (o.headerCase ? recase(n, o.headerCase) : n);
    const headers: Array<[string, string]> = [
      ['content-type', 'application/json'],
      [name(HEADER_SIGNATURE), signature],
      [name(HEADER_TIMESTAMP), timestamp],
      [name(HEADER_PROTOCOL), o.protocolHeader ?? PROTOCOL_VERSION],
      ...(o.extraHeaders ?? []),
    ];
    return { method: o.method ?? 'POST', url: this.urlFor(o.path), headers, body: bytes };
  }

  unsigned(
    method: string,
    path: string | undefined,
    body: Buffer = Buffer.alloc(0),
    headers: Array<[string, string]> = [],
  ): RawRequest {
    return { method, url: this.urlFor(path), headers, body };
  }

  randomSecret(): string {
    return 'whsec_' + randomBytes(32).toString('hex');
  }

  async send(request: RawRequest): Promise<Exchange> {
    const result = await rawCall(request, {
      timeoutMs: this.timeoutMs,
      maxResponseBytes: 1024 * 1024,
      signal: this.signal,
    });
    let json: unknown;
    if (result.response && result.response.body.length > 0) {
      try {
        json = JSON.parse(result.response.body.toString('utf8'));
      } catch {
        json = undefined;
      }
    }
    const exchange: Exchange = {
      checkId: this.currentCheck,
      request: result.request ?? request,
      response: result.response,
      error: result.error,
      json,
      timeMs: result.timing.totalMs,
      startedAt: result.startedAt,
    };
    this.exchanges.push(exchange);
    return exchange;
  }
}
