// A customer's connector written against the INSTALLED SDK (from its npm tarball), mounted in
// node:http, Express, Fastify and a fetch handler, each graded by the INSTALLED `ctb conformance`.
// The connector and the node:http, Express and Fastify servers are the README's own code blocks,
// run as written (only the port and the bound address are changed), so the README cannot rot.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signForTest } from '../../../src/protocol/index.ts';
import { packAndInstall, REPO } from '../packaging/install.ts';
import { freePort } from './packed-sdk.ts';
import type { Installed } from '../packaging/install.ts';

const SECRET = `whsec_${randomBytes(32).toString('hex')}`;

/** The js code blocks of the README's "Build your own connector" section. */
function readmeBlocks(): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = readme.split(/^## Build your own connector$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

function readmeBlock(marker: string): string {
  const found = readmeBlocks().filter((block) => block.includes(marker));
  if (found.length !== 1)
    throw new Error(`README: expected one js block with ${marker}, found ${found.length}`);
  return found[0];
}

const CONNECTOR = readmeBlock('createConnector(');

// Written as the README has them, but on a free port instead of 3000, and 127.0.0.1 for '0.0.0.0'.
const README_SERVERS: Record<string, string> = {
  'node-http.mjs': readmeBlock('connector.listen('),
  // express.json() for the whole app, keeping the raw bytes for the connector.
  'express.mjs': readmeBlock("from 'express'"),
  'fastify.mjs': readmeBlock("from 'fastify'"),
};

const SERVERS: Record<string, string> = {
  'express-no-raw.mjs': `import express from 'express';
import { connector } from './connector.mjs';
const app = express();
app.use(express.json());
app.post('/service', connector.express());
app.listen(Number(process.env.PORT), '127.0.0.1');
`,
  // A fetch runtime's job done by node:http: IncomingMessage -> Request, Response -> the socket.
  'fetch.mjs': `import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { connector } from './connector.mjs';
const server = createServer(async (req, res) => {
  const request = new Request('http://' + req.headers.host + req.url, {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req),
    duplex: 'half',
  });
  const response = await connector.fetch(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
`,
};

let installed: Installed & { release(): Promise<void> };
let app = '';
const children: ChildProcess[] = [];

beforeAll(async () => {
  installed = await packAndInstall();
  app = await mkdtemp(join(installed.project, 'customer-'));
  // No "type" in a customer's package.json is common: the .mjs files are ESM regardless.
  await writeFile(join(app, 'package.json'), '{ "name": "customer-connector", "private": true }\n');
  await writeFile(join(app, 'connector.mjs'), CONNECTOR);
  for (const [file, source] of Object.entries(README_SERVERS))
    await writeFile(
      join(app, file),
      source.replaceAll('3000', 'Number(process.env.PORT)').replaceAll("'0.0.0.0'", "'127.0.0.1'"),
    );
  for (const [file, source] of Object.entries(SERVERS)) await writeFile(join(app, file), source);
}, 600_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await installed?.release();
});

/** Node without type stripping: only the installed, compiled JavaScript can run. */
function node(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const clean: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CTB_')) clean[k] = v;
  const child = spawn(process.execPath, ['--no-experimental-strip-types', ...args], {
    cwd: app,
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Starts one of the customer's servers and resolves with its connector URL once it answers. */
async function startServer(file: string): Promise<string> {
  const port = await freePort();
  const child = node([file], { CONNECTOR_SECRET: SECRET, PORT: String(port) });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}/service`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${file} exited (${child.exitCode}):\n${output}`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (res) => (void res.body?.cancel(), true),
      () => false,
    );
    if (answered) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${file} did not answer on port ${port} within 30 s:\n${output}`);
}

function conformance(url: string): Promise<{ code: number | null; output: string }> {
  const child = node([installed.bin, 'conformance', '--url', url, '--secret', SECRET]);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

// Each grade is about fifty signed requests from a child process: slow on a busy two-core machine.
describe('a customer connector built on the installed SDK', { timeout: 120_000 }, () => {
  it.each(['node-http.mjs', 'express.mjs', 'fastify.mjs', 'fetch.mjs'])(
    'passes the installed ctb conformance when served by %s',
    async (file) => {
      const url = await startServer(file);
      const graded = await conformance(url);
      expect(graded.code, graded.output).toBe(0);
    },
  );

  it('answers raw_body_unavailable within a second when express.json() ate the bytes', async () => {
    const url = await startServer('express-no-raw.mjs');
    // A first request loads Express's lazily required parts: the second one is the one timed.
    await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    const { body, headers } = signForTest(SECRET, {
      protocol_version: '1',
      request_id: 'req-raw',
      type: 'ping',
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(1000),
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await res.json()).toMatchObject({ type: 'error', code: 'raw_body_unavailable' });
  });
});
