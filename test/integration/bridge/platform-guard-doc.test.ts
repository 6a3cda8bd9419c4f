// The mock platform API beside browser mode (and the desktop app) runs behind the launch guard:
// its /openapi.json must say so, and every route's real refusals (no token, a rebinding Host, two
// Host headers) must be answers the document lists, in the platform's own error shape.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { docChecker } from '../api/openapi-check.ts';
import type { DocChecker, OpenApiDoc } from '../api/openapi-check.ts';
import type { Answer } from '../api/helpers.ts';

const run = promisify(execFile);

let dataDir: string;
let backend: Backend;
let port: number;
let doc: OpenApiDoc;
let checker: DocChecker;

function answerOf(status: number, text: string): Answer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, text, json, headers: new Headers() };
}

/** node:http, because fetch will not send a forged Host header. */
function send(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done(answerOf(res.statusCode ?? 0, text)));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Two Host headers really sent: raw bytes over a socket. */
function sendTwoHosts(method: string, path: string): Promise<Answer> {
  return new Promise((done, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        [
          `${method.toUpperCase()} ${path} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Host: evil.example',
          `x-ctb-token: ${backend.token}`,
          'Content-Length: 0',
          'Connection: close',
          '',
          '',
        ].join('\r\n'),
      ),
    );
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (raw += c));
    socket.on('end', () => {
      const [head, ...rest] = raw.split('\r\n\r\n');
      done(answerOf(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), rest.join('\r\n\r\n')));
    });
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ctb-guard-doc-'));
  backend = await openBackend({ dataDir, mode: 'browser', version: 'test', seedPassword: 'guard-doc-pass' });
  port = Number(new URL(backend.platformUrl!).port);
  const fetched = await send('GET', '/openapi.json', {
    host: `127.0.0.1:${port}`,
    'x-ctb-token': backend.token,
  });
  expect(fetched.status).toBe(200);
  doc = fetched.json;
  checker = docChecker(doc);
});

afterAll(async () => {
  await backend?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('/openapi.json of the guarded mock platform API', () => {
  it('declares the launch token, required by every operation beside its own bearer token', () => {
    expect(doc.components.securitySchemes.launchToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-ctb-token',
    });
    const operations = checker.operations();
    expect(operations.length).toBeGreaterThan(20);
    for (const { method, template, operation } of operations) {
      expect(operation.security.length, `${method} ${template}`).toBeGreaterThan(0);
      for (const requirement of operation.security)
        expect(requirement, `${method} ${template}`).toHaveProperty('launchToken');
    }
    expect(doc.paths['/openapi.json']?.get).toBeDefined();
  });

  it('documents the 403 every operation answers without the token, or to a rebinding Host', async () => {
    for (const { method, template } of checker.operations()) {
      const path = template.replace(/\{[^}]+\}/g, 'x');
      const noToken = await send(method, path, { host: `127.0.0.1:${port}` });
      expect(noToken.status, `${method} ${template}`).toBe(403);
      expect(noToken.json).toMatchObject({ error: 'invalid_token' });
      checker.check(method, template, noToken);
      const rebound = await send(method, path, {
        host: `evil.example:${port}`,
        'x-ctb-token': backend.token,
      });
      expect(rebound.status, `${method} ${template}`).toBe(403);
      expect(rebound.json).toMatchObject({ error: 'forbidden_host' });
      checker.check(method, template, rebound);
    }
  });

  it('documents the 400 every operation answers to two Host headers', async () => {
    for (const { method, template } of checker.operations()) {
      const answer = await sendTwoHosts(method, template.replace(/\{[^}]+\}/g, 'x'));
      expect(answer.status, `${method} ${template}`).toBe(400);
      expect(answer.json).toMatchObject({ error: 'bad_host' });
      checker.check(method, template, answer);
    }
  });

  it('passes redocly lint (recommended rules) with 0 errors, offline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ctb-guard-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const cli = resolve('node_modules/@redocly/cli/bin/cli.js');
      const config = resolve('test/integration/api/redocly.yaml');
      const result = await run(process.execPath, [cli, 'lint', file, '--config', config, '--format=json'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_UPDATE_NOTIFIER: '1',
        },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => error);
      const report = JSON.parse(result.stdout ?? '{}');
      expect(report.totals, result.stderr).toMatchObject({ errors: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
