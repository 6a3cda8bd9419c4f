// The SDK as customers get it: packed with npm pack, installed from the tarball into a fresh
// project, then loaded from ESM, CommonJS and TypeScript, and mounted in real servers.

import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { once } from 'node:events';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import express from 'express';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, freePort, installPackedSdk } from './packed-sdk.ts';
import type { PackedSdk } from './packed-sdk.ts';

const run = promisify(execFile);
const SECRET = 'whsec_packed_0123456789';
const PING = { protocol_version: '1', request_id: 'req-1', type: 'ping' };
const INVOKE = {
  protocol_version: '1',
  request_id: 'req-2',
  type: 'tool.invoke',
  identity: {},
  tool: 'getProduct',
  parameters: { sku: 'SKU-1' },
};

let sdk: PackedSdk;
const servers: Array<{ close(): unknown }> = [];

beforeAll(async () => {
  sdk = await installPackedSdk();
}, 600_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await sdk?.cleanup();
});

function connector(signingSecret: string | string[] = SECRET) {
  return sdk.esm.createConnector({ signingSecret }).tool(
    'getProduct',
    {
      description: 'Looks a product up by SKU',
      input_schema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
    },
    (params) => ({ sku: params.sku, price: 12 }),
  );
}

async function post(url: string, payload: unknown, secret = SECRET) {
  const { body, headers } = sdk.esm.signForTest(secret, payload);
  // Within a second, whatever the setup: a handler that cannot get the bytes must not hang.
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(1000),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function serve(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((resolve) => server.close(resolve)) });
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('the packed SDK', () => {
  it('ships built JavaScript and types only', () => {
    const manifest = JSON.parse(readFileSync(join(sdk.sdkDir, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('@connector-testbench/sdk');
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['ajv', 'ajv-formats']);
    // Nothing npm asks the user to approve when installing the tarball: the checkout's `prepare`
    // build is left out of the packed manifest.
    const lifecycle = ['preinstall', 'install', 'postinstall', 'prepare'];
    expect(Object.keys(manifest.scripts ?? {}).filter((s) => lifecycle.includes(s))).toEqual([]);
  });

  it('is the only package of the repository whose name ends in sdk', async () => {
    const { stdout } = await run('git', ['ls-files', '--', 'package.json', '**/package.json'], { cwd: REPO });
    const names = stdout
      .split('\n')
      .filter(Boolean)
      .map((file) => (JSON.parse(readFileSync(join(REPO, file), 'utf8')) as { name?: string }).name ?? '');
    expect(names.length).toBeGreaterThan(1);
    expect(names.filter((name) => /sdk$/i.test(name))).toEqual(['@connector-testbench/sdk']);
  });

  it('answers a signed ping when imported from ESM', async () => {
    const out = await sdk.node(
      'esm.mjs',
      `import { createConnector, signForTest, verify } from '@connector-testbench/sdk';
import { verify as protocolVerify } from '@connector-testbench/sdk/protocol';
const c = createConnector({ signingSecret: 's' });
const { body, headers } = signForTest('s', ${JSON.stringify(PING)});
const res = await c.handle({ method: 'POST', path: '/service', headers, body: Buffer.from(body) });
console.log(JSON.stringify({ status: res.status, type: JSON.parse(res.body).type, one: verify === protocolVerify }));`,
    );
    expect(JSON.parse(out)).toEqual({ status: 200, type: 'pong', one: true });
  });

  it('answers a signed ping when required from CommonJS, with require(esm) turned off', async () => {
    const out = await sdk.node(
      'cjs.cjs',
      `const { createConnector, signForTest, ToolError } = require('@connector-testbench/sdk');
const { PROTOCOL_VERSION } = require('@connector-testbench/sdk/protocol');
const c = createConnector({ signingSecret: 's' });
const { body, headers } = signForTest('s', ${JSON.stringify(PING)});
c.handle({ method: 'POST', path: '/service', headers, body: Buffer.from(body) }).then((res) =>
  console.log(JSON.stringify({ status: res.status, version: PROTOCOL_VERSION, toolError: typeof ToolError })));`,
      ['--no-experimental-require-module'],
    );
    expect(JSON.parse(out)).toEqual({ status: 200, version: '1', toolError: 'function' });
  });

  describe('typed for TypeScript with moduleResolution nodenext', () => {
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const typecheck = async (file: string, source: string) => {
      await writeFile(join(sdk.dir, file), source);
      await writeFile(
        join(sdk.dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2023',
            strict: true,
            noEmit: true,
            types: ['node'],
            typeRoots: [join(REPO, 'node_modules/@types')],
          },
          files: [file],
        }),
      );
      return run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: sdk.dir }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
    };
    const program = (
      secret: string,
    ) => `import { createConnector, ToolError, sign, verify } from '@connector-testbench/sdk';
import type { Connector, ConnectorOptions, ToolContext, ToolHandler, ToolSpec } from '@connector-testbench/sdk';
const options: ConnectorOptions = { signingSecret: ${secret} };
const spec: ToolSpec = { description: 'd', input_schema: { type: 'object' } };
const handler: ToolHandler = (params, ctx: ToolContext) => {
  if (!params.sku) throw new ToolError('not_found', 'no sku');
  return { tool: ctx.tool };
};
const c: Connector = createConnector(options).tool('t', spec, handler);
const ok: boolean = verify('{}', sign('s', '{}'), 's').ok;
export { c, ok };
`;

    // tsc takes seconds to start on a busy machine: these tests get minutes each.
    it('typechecks a connector from CommonJS and ESM files', async () => {
      expect(await typecheck('index.ts', program("'s'"))).toBe('');
      expect(await typecheck('index.mts', program("['current', 'previous']"))).toBe('');
    }, 240_000);

    it("compiles the README's connector, node:http and verify examples, which then run", async () => {
      const readme = readFileSync(join(REPO, 'packages/sdk/README.md'), 'utf8');
      const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
      const block = (marker: string) => {
        const found = blocks.filter((b) => b.includes(marker));
        expect(found, `one README block with ${marker}`).toHaveLength(1);
        return found[0];
      };
      const folder = join(sdk.dir, 'readme');
      await mkdir(join(folder, 'src'), { recursive: true });
      await writeFile(join(folder, 'package.json'), '{ "type": "module" }\n');
      const port = await freePort();
      await writeFile(join(folder, 'src/connector.ts'), block('createConnector('));
      await writeFile(
        join(folder, 'src/server.ts'),
        block('connector.listen(').replaceAll('3000', String(port)),
      );
      await writeFile(
        join(folder, 'src/verify.ts'),
        `${block('signForTest(')}\nconsole.log(JSON.stringify(result));\n`,
      );
      await writeFile(
        join(folder, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2023',
            strict: true,
            rootDir: 'src',
            outDir: 'dist',
            types: ['node'],
            typeRoots: [join(REPO, 'node_modules/@types')],
          },
          include: ['src'],
        }),
      );
      await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: folder }).catch(
        (error: { stdout: string }) => expect.fail(error.stdout),
      );
      const verified = await run(process.execPath, ['dist/verify.js'], { cwd: folder });
      expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true });

      const server = spawn(process.execPath, ['dist/server.js'], {
        cwd: folder,
        env: { ...process.env, CONNECTOR_SECRET: SECRET },
      });
      try {
        const [line] = (await once(server.stdout, 'data')) as [Buffer];
        expect(line.toString()).toContain(`connector at http://127.0.0.1:${port}/service`);
        expect(await post(`http://127.0.0.1:${port}/service`, PING)).toMatchObject({
          status: 200,
          json: { type: 'pong' },
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Still serving: an example that listens twice on its port dies of EADDRINUSE after printing.
        expect(server.exitCode).toBeNull();
      } finally {
        server.kill();
      }
    }, 240_000);

    it('refuses signingSecret: 42', async () => {
      const errors = await typecheck('bad.ts', program('42'));
      expect(errors).toMatch(/bad\.ts\(3,\d+\): error TS2322/);
    }, 120_000);
  });

  describe('in Express', () => {
    it('answers raw_body_unavailable at once when express.json() read the body first, and logs the fix', async () => {
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.message);
      process.on('warning', onWarning);
      const app = express();
      app.use(express.json());
      app.post('/service', connector().express());
      const url = await serve(createServer(app));
      const answer = await post(`${url}/service`, PING);
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', onWarning);
      expect(answer.status).toBe(500);
      expect(answer.json).toMatchObject({ type: 'error', code: 'raw_body_unavailable' });
      expect(answer.json.message).toContain('req.rawBody = buf');
      expect(warnings.join('\n')).toContain('before app.use(express.json())');
    });

    it('answers a signed ping when its route keeps the raw bytes with express.raw()', async () => {
      const app = express();
      app.post('/service', express.raw({ type: '*/*' }), connector().express());
      app.use(express.json());
      const url = await serve(createServer(app));
      expect(await post(`${url}/service`, PING)).toMatchObject({ status: 200, json: { type: 'pong' } });
    });

    it('answers a signed tool.invoke when express.json() keeps the bytes in req.rawBody', async () => {
      const app = express();
      app.use(
        express.json({
          verify: (req, _res, buf) => {
            (req as typeof req & { rawBody: Buffer }).rawBody = buf;
          },
        }),
      );
      app.post('/service', connector().express());
      const url = await serve(createServer(app));
      expect(await post(`${url}/service`, INVOKE)).toMatchObject({
        status: 200,
        json: { type: 'result', output: { sku: 'SKU-1', price: 12 } },
      });
    });
  });

  it('answers a signed tool.invoke as a Fastify plugin, leaving the app JSON parser to other routes', async () => {
    const app = Fastify();
    app.post('/echo', async (request) => ({ parsed: request.body }));
    await app.register(connector().fastify());
    await app.listen({ port: 0, host: '127.0.0.1' });
    servers.push(app);
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect(await post(`${url}/service`, INVOKE)).toMatchObject({
      status: 200,
      json: { type: 'result', output: { sku: 'SKU-1' } },
    });
    const echo = await fetch(`${url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await echo.json()).toEqual({ parsed: { a: 1 } });
  });

  it('answers a signed tool.invoke through its fetch handler served on 127.0.0.1', async () => {
    const handler = connector();
    // The bridge a fetch runtime provides: node request -> Request, Response -> node response.
    const url = await serve(
      createServer(async (req, res) => {
        const request = new Request(`http://127.0.0.1${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: Readable.toWeb(req) as ReadableStream,
          duplex: 'half',
        } as RequestInit);
        const response = await handler.fetch(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      }),
    );
    expect(await post(`${url}/service`, INVOKE)).toMatchObject({ status: 200, json: { type: 'result' } });
  });

  it('verifies requests signed with either of two secrets and says which one matched', async () => {
    const c = connector(['whsec_current', 'whsec_previous']);
    const url = (await c.listen()).url;
    const events: Array<{ index: number; fingerprint: string } | undefined> = [];
    c.on('exchange', (e) => events.push(e.response.outcome.matchedSecret));
    expect((await post(url, PING, 'whsec_current')).status).toBe(200);
    expect((await post(url, PING, 'whsec_previous')).status).toBe(200);
    expect((await post(url, PING, 'whsec_other')).status).toBe(401);
    expect(events.slice(0, 2)).toEqual([
      { index: 0, fingerprint: sdk.esm.fingerprint('whsec_current') },
      { index: 1, fingerprint: sdk.esm.fingerprint('whsec_previous') },
    ]);
    expect(JSON.stringify(events)).not.toContain('whsec_');
  });

  it('agrees with every shared signature vector', () => {
    const vectors: Array<{ secret: string; timestamp: string; body_hex: string; signature: string }> =
      JSON.parse(readFileSync(join(REPO, 'test/fixtures/signatures.json'), 'utf8'));
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors) {
      const body = Buffer.from(v.body_hex, 'hex');
      expect(sdk.esm.sign(v.secret, body, { timestamp: v.timestamp })['x-service-signature']).toBe(
        v.signature,
      );
      const headers = { 'x-service-signature': v.signature, 'x-service-timestamp': v.timestamp };
      expect(sdk.esm.verify(body, headers, v.secret, { now: Number(v.timestamp) }).ok).toBe(true);
    }
  });
});
