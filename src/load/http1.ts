// A lean HTTP/1.1 keep-alive connection for the load engine: one request in flight, the request
// written as one buffer, the answer parsed in place (content-length, chunked or until close).

import { connect as netConnect } from 'node:net';
import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface Answer {
  status: number;
  body: Buffer;
}

const CRLF2 = Buffer.from('\r\n\r\n');

function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Incremental parser of one answer at a time; `push` returns the answer once it is complete. */
class AnswerParser {
  private buf: Buffer = Buffer.alloc(0);
  private status = 0;
  /** Body bytes still expected (content-length), -1 while reading chunked, -2 until close. */
  private remaining: number | null = null;
  private bodyStart = 0;
  private chunks: Buffer[] = [];
  closeAfter = false;

  push(data: Buffer): Answer | null {
    this.buf = this.buf.length === 0 ? data : Buffer.concat([this.buf, data]);
    if (this.remaining === null && !this.readHead()) return null;
    if (this.remaining === -2) return null;
    if (this.remaining === -1) return this.readChunked();
    if (this.buf.length - this.bodyStart < this.remaining!) return null;
    return this.finish(this.buf.subarray(this.bodyStart, this.bodyStart + this.remaining!));
  }

  /** The answer of a server that delimits its body by closing the connection. */
  endOfStream(): Answer | null {
    return this.remaining === -2 ? this.finish(this.buf.subarray(this.bodyStart)) : null;
  }

  private readHead(): boolean {
    const end = this.buf.indexOf(CRLF2);
    if (end < 0) {
      if (this.buf.length > 64 * 1024)
        throw failure('HPE_HEADER_OVERFLOW', 'answer headers larger than 64 KiB');
      return false;
    }
    const head = this.buf.toString('latin1', 0, end);
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
    if (!m) throw failure('HPE_INVALID', `not an HTTP/1.1 answer: ${JSON.stringify(head.slice(0, 40))}`);
    this.status = Number(m[1]);
    this.bodyStart = end + 4;
    this.closeAfter = /\r\nconnection:[ \t]*close/i.test(head) || head.startsWith('HTTP/1.0');
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
    if (this.status === 204 || this.status === 304) this.remaining = 0;
    else if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) this.remaining = -1;
    else if (length) this.remaining = Number(length[1]);
    else this.remaining = -2;
    return true;
  }

  private readChunked(): Answer | null {
    let pos = this.bodyStart;
    for (;;) {
      const lineEnd = this.buf.indexOf('\r\n', pos, 'latin1');
      if (lineEnd < 0) return null;
      const size = parseInt(this.buf.toString('latin1', pos, lineEnd).split(';')[0], 16);
      if (Number.isNaN(size)) throw failure('HPE_INVALID_CHUNK_SIZE', 'invalid chunk size');
      if (size === 0) {
        // Optional trailers end with an empty line.
        const trailerEnd =
          this.buf.indexOf('\r\n', lineEnd + 2, 'latin1') === lineEnd + 2
            ? lineEnd + 4
            : this.buf.indexOf(CRLF2, lineEnd) + 4;
        if (trailerEnd < 4 || trailerEnd > this.buf.length) return null;
        return this.finish(Buffer.concat(this.chunks));
      }
      if (this.buf.length < lineEnd + 2 + size + 2) return null;
      this.chunks.push(this.buf.subarray(lineEnd + 2, lineEnd + 2 + size));
      pos = lineEnd + 2 + size + 2;
      // Keep only what is not consumed, so a long chunked body is not rescanned.
      this.buf = this.buf.subarray(pos);
      this.bodyStart = pos = 0;
    }
  }

  private finish(body: Buffer): Answer {
    const answer = { status: this.status, body };
    this.buf = Buffer.alloc(0);
    this.remaining = null;
    this.chunks = [];
    return answer;
  }
}

interface Pending {
  socket: Socket;
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

export class Http1Connection {
  private socket: Socket | null = null;
  private pending: Pending | null = null;
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly prefix: string;

  constructor(url: URL, timeoutMs: number) {
    this.url = url;
    this.timeoutMs = timeoutMs;
    this.prefix = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n`;
  }

  /** Sends one request (flat header name/value list) and resolves with the whole answer. */
  send(headers: string[], body: Buffer): Promise<Answer> {
    // No async wrapper on the hot path: one promise per request, and only a reconnect awaits.
    if (this.socket === null) return this.open().then((socket) => this.write(socket, headers, body));
    return this.write(this.socket, headers, body);
  }

  private write(socket: Socket, headers: string[], body: Buffer): Promise<Answer> {
    let head = this.prefix;
    for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
    head += `content-length: ${body.length}\r\n\r\n`;
    // One buffer, one write, one segment: the head is ASCII, so its length in latin1 is its byte count.
    const bytes = Buffer.allocUnsafe(head.length + body.length);
    bytes.write(head, 0, 'latin1');
    body.copy(bytes, head.length);
    return new Promise((resolve, reject) => {
      this.pending = { socket, resolve, reject };
      socket.write(bytes);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Promise<Socket> {
    const port = Number(this.url.port) || (this.url.protocol === 'https:' ? 443 : 80);
    const host = this.url.hostname.replace(/^\[|\]$/g, '');
    const socket =
      this.url.protocol === 'https:'
        ? tlsConnect({ host, port, servername: host, ALPNProtocols: ['http/1.1'] })
        : netConnect({ host, port });
    socket.setNoDelay(true);
    socket.setTimeout(this.timeoutMs);
    return new Promise((resolve, reject) => {
      socket.once(this.url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
        socket.off('error', reject);
        this.attach(socket);
        resolve(socket);
      });
      socket.once('error', reject);
    });
  }

  private attach(socket: Socket): void {
    // One parser per socket: a late event of a dropped socket never touches the next one's answer.
    const parser = new AnswerParser();
    this.socket = socket;
    socket.on('data', (data: Buffer) => {
      let answer: Answer | null;
      try {
        answer = parser.push(data);
      } catch (error) {
        return this.fail(socket, error as Error);
      }
      if (!answer) return;
      if (parser.closeAfter) this.drop(socket);
      this.settle(socket)?.resolve(answer);
    });
    socket.on('timeout', () =>
      this.fail(socket, failure('LOAD_TIMEOUT', `no complete answer within ${this.timeoutMs} ms`)),
    );
    socket.on('error', (error) => this.fail(socket, error));
    socket.on('end', () => {
      const answer = parser.endOfStream();
      if (answer) this.settle(socket)?.resolve(answer);
      this.fail(socket, failure('ECONNRESET', 'the connector closed the connection before answering'));
    });
    socket.on('close', () =>
      this.fail(socket, failure('ECONNRESET', 'the connection closed before the answer was complete')),
    );
  }

  /** The pending request written on this socket, taken out so it settles once. */
  private settle(socket: Socket): Pending | null {
    const p = this.pending;
    if (!p || p.socket !== socket) return null;
    this.pending = null;
    return p;
  }

  private drop(socket: Socket): void {
    if (this.socket === socket) this.socket = null;
    socket.destroy();
  }

  private fail(socket: Socket, error: Error): void {
    this.drop(socket);
    this.settle(socket)?.reject(error);
  }
}
