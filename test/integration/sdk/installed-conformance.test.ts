// A customer's connector written against the INSTALLED SDK (from its npm tarball), mounted in
// Express, Fastify and a fetch handler, each graded by the INSTALLED `ctb conformance`.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signForTest } from '../../../src/protocol/index.ts';
import { packAndInstall } from '../packaging/install.ts';
import type { Installed } from '../packaging/install.ts';

const SECRET = `whsec_${randomBytes(32).toString('hex')}`;

// Plain JavaScript, as a customer would deploy it; the servers listen on a free port and print it.
const CONNECTOR = `import { createConnector, ToolError } from '@connector-testbench/sdk';
const products = new Map([['SKU-1', { sku: 'SKU-1', name: 'Kettle', price: 12 }]]);
export const connector = createConnector({ signingSecret: process.env.CONNECTOR_SECRET }).tool(
  'getProduct',
  {
    description: 'Looks a product up by SKU',
    input_schema: {
      type: 'object',
      properties: { sku: { type: 'string', minLength: 1 } },
      required: ['sku'],
      additionalProperties: false,
    },
  },
  async ({ sku }) => {
    const product = products.get(String(sku));
    if (!product) throw new ToolError('not_found', 'no such product');
    return product;
  },
);
`;

const SERVERS: Record<string, string> = {
  // express.json() for the whole app, keeping the raw bytes for the connector: the README's setup,
  // with its two companions a grader notices (body-parser refusals and other routes as protocol JSON).
  'express.mjs': `import express from 'express';
import { connector } from './connector.mjs';
const app = express();
app.use(express.json({ limit: '1mb', verify: (req, _res, buf) => { req.rawBody = buf; } }));
const handler = connector.express();
app.all('/service', handler);
app.use('/service', (_err, req, res, _next) => handler(req, res));
app.use((_req, res) => res.status(404).json({ error: 'not_found' }));
const server = app.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
`,
  'express-no-raw.mjs': `import express from 'express';
import { connector } from './connector.mjs';
const app = express();
app.use(express.json());
app.post('/service', connector.express());
const server = app.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
`,
  'fastify.mjs': `import Fastify from 'fastify';
import { connector } from './connector.mjs';
const app = Fastify();
app.get('/health', async () => ({ ok: true }));
await app.register(connector.fastify());
app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not_found' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening ' + app.server.address().port);
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
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
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

/** Starts one of the customer's servers and resolves with its connector URL. */
function startServer(file: string): Promise<string> {
  const child = node([file], { CONNECTOR_SECRET: SECRET });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}/service`);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}):\n${output}`)));
  });
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
  it.each(['express.mjs', 'fastify.mjs', 'fetch.mjs'])(
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
