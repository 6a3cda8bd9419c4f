// `ctb tools` prints what a connector sent, so a hostile or sloppy listing (escape sequences, huge
// descriptions, entries that are not objects) must still print as plain, bounded lines.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCtb } from './run-ctb.ts';

const TOOLS = [
  {
    name: 'evil\u001b]0;owned\u0007Tool',
    description: 'clears\u001b[2J the screen',
    auth: 'none',
    chat: true,
  },
  {
    name: 'long',
    description: 'x'.repeat(5000),
    auth: 'required',
    chat: false,
    input_schema: { type: 'object' },
  },
  'not an object',
];

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ type: 'capabilities', protocol_version: '1', tools: TOOLS }));
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/service`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('ctb tools against a hostile listing', () => {
  it('prints no control characters, clips long descriptions and still counts every entry', async () => {
    const run = await runCtb(['tools', '--url', url, '--secret', 's']);
    expect(run.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.stdout).toMatch(/evil \]0;owned Tool\s+clears \[2J the screen/);
    expect(Math.max(...run.stdout.split('\n').map((l) => l.length))).toBeLessThan(120);
    expect(run.stdout).toMatch(/^tools\s+3 tool\(s\): 2 on chat, 1 off chat/m);
    expect(run.stdout).toContain('(no name)');
  });
});
