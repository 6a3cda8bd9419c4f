// One request on one undici Client through the low-level dispatch API: no response stream, no
// header object copies, just status and body bytes. It is what keeps signed load near autocannon.

import type { Client, Dispatcher } from 'undici';

export interface Answer {
  status: number;
  body: Buffer;
}

export function send(client: Client, path: string, headers: string[], body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let status = 0;
    const chunks: Buffer[] = [];
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart() {},
      onResponseStart(_controller, statusCode) {
        status = statusCode;
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        resolve({ status, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
      },
      onResponseError(_controller, error) {
        reject(error);
      },
    };
    client.dispatch({ path, method: 'POST', headers, body }, handler);
  });
}
