// Connector answers and callers' requests are hostile text on a terminal: an error code carrying
// ESC sequences, or a tool name that clears the screen, is shown spelled out, never executed.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src/protocol/index.ts';
import { runCtb, serveDemoConnector } from './run-ctb.ts';

const SECRET = 'whsec_terminal_injection';
// ESC (colour, clear screen), an OSC title ended by BEL, a carriage return and a C1 CSI.
const HOSTILE = 'x\u001b[31mred\u001b[2J\u001b]0;pwned\u0007\rover\u009b1m';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let server: Server;
let url: string;
const dirs: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ type: 'error', code: HOSTILE, message: `message ${HOSTILE}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/service`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('hostile text on the terminal', () => {
  it('spells out the escape sequences of a connector error in ctb invoke and ctb ping', async () => {
    for (const args of [['invoke', '--tool', 't'], ['ping']]) {
      const run = await runCtb([...args, '--url', url, '--secret', SECRET]);
      expect(run.code).toBe(1);
      expect(run.stdout).not.toMatch(CONTROL);
      expect(run.stdout).toContain('x\\u001b[31mred\\u001b[2J');
    }
  });

  it('spells out a caller-chosen tool name in the request log of ctb connector serve', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ctb-terminal-'));
    dirs.push(dir);
    const { url: connector, child } = await serveDemoConnector(SECRET, dir);
    try {
      let log = '';
      child.stdout.on('data', (d: string) => (log += d));
      const body = JSON.stringify({
        protocol_version: '1',
        request_id: 'r1',
        type: 'tool.invoke',
        tool: HOSTILE,
        parameters: {},
      });
      const answer = await fetch(connector, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...sign(SECRET, body) },
      });
      expect(answer.status).toBe(200);
      for (let i = 0; i < 100 && !log.includes('unknown_tool'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(log).toContain('unknown_tool');
      expect(log).not.toMatch(CONTROL);
      expect(log).toContain('\\u001b]0;pwned\\u0007');
    } finally {
      child.kill();
    }
  });
});
