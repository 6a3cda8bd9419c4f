// Test helpers for the connector SDK over real sockets: signed POSTs through fetch, and raw TCP
// exchanges for the hostile cases a fetch client refuses to produce (doubled headers, slow bodies).

import { connect } from 'node:net';
import { sign } from '../../../src/protocol/index.ts';

export const SECRET = 'whsec_test_0123456789abcdef';

export function envelope(type: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    protocol_version: '1',
    request_id: `req-${Math.random().toString(36).slice(2, 10)}`,
    type,
    ...extra,
  };
}

export function invoke(
  tool: string,
  parameters: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return envelope('tool.invoke', {
    organization_id: 'org_1',
    conversation_id: 'conv_1',
    channel: 'whatsapp',
    identity: {},
    tool,
    parameters,
    ...extra,
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

/** POSTs a body signed with `secret` (timestamp and extra headers overridable). */
export async function signedPost(
  url: string,
  payload: unknown,
  options: {
    secret?: string;
    timestamp?: number;
    headers?: Record<string, string>;
    protocolVersion?: string;
  } = {},
): Promise<Answer> {
  const body =
    typeof payload === 'string' || payload instanceof Uint8Array ? payload : JSON.stringify(payload);
  const signed = sign(options.secret ?? SECRET, body, {
    timestamp: options.timestamp,
    protocolVersion: options.protocolVersion,
  });
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...signed, ...options.headers },
  });
  return read(res);
}

export async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* non-JSON answers are asserted through `text` */
  }
  return { status: res.status, headers: res.headers, text, json };
}

export interface RawAnswer {
  status: number;
  head: string;
  body: string;
  closed: boolean;
}

/**
 * Writes raw bytes to the server and collects the answer until the server closes the socket or
 * `waitMs` passes. `chunks` are written one after another, `gapMs` apart (a slow sender).
 */
export function rawExchange(
  port: number,
  chunks: Array<string | Buffer>,
  options: { gapMs?: number; waitMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: rest.join('\r\n\r\n'), closed });
    };
    const timer = setTimeout(finish, options.waitMs ?? 5000);
    socket.on('data', (d) => received.push(d));
    socket.on('error', (err) => {
      // A reset after the answer arrived still counts as a closed connection.
      if (received.length > 0) {
        closed = true;
        finish();
      } else reject(err);
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    });
  });
}

/** A complete raw HTTP/1.1 POST with a signed body; `headers` lines are appended verbatim. */
export function rawSignedPost(
  path: string,
  body: string | Buffer,
  extraLines: string[] = [],
  options: { secret?: string; sign?: boolean } = {},
): Buffer {
  const signed = options.sign === false ? {} : sign(options.secret ?? SECRET, body);
  const lines = [
    `POST ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(signed).map(([k, v]) => `${k}: ${v}`),
    ...extraLines,
  ];
  return Buffer.concat([
    Buffer.from(lines.join('\r\n') + '\r\n\r\n'),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
  ]);
}
