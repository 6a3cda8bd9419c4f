// Fetch-style adapter (Request in, Response out) for runtimes without node:http: the same core,
// the same body limit, read as a stream so an oversized body is cancelled instead of buffered.

import { performance } from 'node:perf_hooks';
import { isEndpoint, notFoundResponse, tooLargeResponse } from './handle.ts';
import type { AdapterCore, AdapterInput } from './node-adapter.ts';
import { RAW_BODY_FIX_FETCH, rawBodyUnavailableResponse, warnOnce } from './raw-body.ts';
import type { ConnectorResponse } from './types.ts';

const warn = warnOnce();

export async function fetchAdapter(core: AdapterCore, request: Request): Promise<Response> {
  const { options } = core;
  const url = new URL(request.url);
  // fetch's Headers joins a repeated header with ", ", which the protocol reader reports as duplicated.
  const pairs: Array<[string, string]> = [...request.headers];
  const input: AdapterInput = {
    method: request.method,
    path: url.pathname + url.search,
    headers: pairs,
    pairs,
    rawHeaders: null,
    body: Buffer.alloc(0),
    startedAt: Date.now(),
    t0: performance.now(),
  };
  const endpoint = isEndpoint(options, input.method, input.path);
  const early = (response: ConnectorResponse) => {
    core.record(input, response);
    return toResponse(response, true);
  };

  // Hono's c.req.json(), a middleware or an earlier request.json() consumed the stream already.
  if (endpoint && request.bodyUsed) {
    const response = rawBodyUnavailableResponse(
      'the Request body was read before the connector got it',
      RAW_BODY_FIX_FETCH,
    );
    warn(response.outcome.message!);
    return early(response);
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
    await request.body?.cancel().catch(() => {});
    return early(endpoint ? tooLargeResponse(options, declared) : notFoundResponse());
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBodyBytes) {
        await reader.cancel().catch(() => {});
        return early(endpoint ? tooLargeResponse(options, size) : notFoundResponse());
      }
      if (endpoint) chunks.push(value);
    }
  }
  input.body = Buffer.concat(chunks, size);
  return toResponse(await core.process(input), false);
}

function toResponse(response: ConnectorResponse, close: boolean): Response {
  const headers = new Headers(response.headers);
  if (close) headers.set('connection', 'close');
  return new Response(response.body, { status: response.status, headers });
}
