// Raw HTTP for the security tests: node:http to forge a Host header, a bare socket to send two,
// since fetch refuses the first and node:http merges the second.

import { request } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, because fetch will not send a forged Host header. */
export function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; readFor?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        res.on('end', done);
        // An event stream never ends: read its start, then hang up.
        if (options.readFor !== undefined)
          setTimeout(() => {
            done();
            req.destroy();
          }, options.readFor);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A raw request, so a second Host header really goes out (node:http would merge or refuse it). */
export function sendRaw(port: number, lines: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server closes after answering (Connection: close), a half-closed
    // socket would be dropped before a file could be read for it.
    const socket = connect(port, '127.0.0.1', () => socket.write([...lines, '', ''].join('\r\n')));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (text += c));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

export const twoHosts = (port: number, path: string, token: string, first = `127.0.0.1:${port}`) => [
  `GET ${path} HTTP/1.1`,
  `Host: ${first}`,
  'Host: evil.example',
  `x-ctb-token: ${token}`,
  `Cookie: ctb_session_${port}=${token}`,
  'Connection: close',
];
