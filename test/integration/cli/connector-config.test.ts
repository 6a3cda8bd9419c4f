// `ctb connector serve --config FILE`: a connector definition file served by the local host, its
// settings overridden by explicit flags, and its log lines naming the failed check like the demo's.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCtb, startCtb } from './run-ctb.ts';

const FILE_SECRET = 'whsec_from_the_file_0001';
const FLAG_SECRET = 'whsec_from_the_flag_0002';
let server: ChildProcessWithoutNullStreams;
let output = '';
let url = '';

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-config-'));
  const file = join(dir, 'orders.json');
  const definition = {
    name: 'Orders stub',
    signingSecret: FILE_SECRET,
    maxTimestampSkewSeconds: 60,
    tools: [
      {
        name: 'getOrder',
        description: 'One order by id',
        input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        behaviour: { type: 'static', output: { status: 'shipped' } },
      },
    ],
  };
  await writeFile(file, JSON.stringify(definition));
  server = startCtb([
    'connector',
    'serve',
    '--config',
    file,
    '--port',
    '0',
    '--secret',
    FLAG_SECRET,
    '--data-dir',
    dir,
  ]);
  server.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
  server.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
  for (let i = 0; i < 500 && !/Ctrl-C/.test(output); i++) await new Promise((r) => setTimeout(r, 10));
  url = /^url\s+(http:\/\/\S+)/m.exec(output)?.[1] ?? '';
  if (!url) throw new Error(`connector serve --config did not start:\n${output}`);
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

async function logLine(containing: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const line = output.split('\n').find((l) => /^\d\d:\d\d:\d\d {2}/.test(l) && l.includes(containing));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no log line with "${containing}":\n${output}`);
}

describe('ctb connector serve --config', () => {
  it('serves the file, keeps its 60 s window, and names the secret by fingerprint only', () => {
    expect(output).toContain('connector serve: Orders stub (getOrder)');
    expect(output).toMatch(/^window\s+±60 s$/m);
    expect(output).toMatch(/^secret\s+fingerprint [0-9a-f]{8} {2}\(from --secret\)$/m);
    expect(output).not.toContain(FLAG_SECRET);
    expect(output).not.toContain(FILE_SECRET);
  });

  it('answers with the --secret given on the command line, not the one in the file', async () => {
    const ok = await runCtb([
      'invoke',
      '--url',
      url,
      '--secret',
      FLAG_SECRET,
      '--tool',
      'getOrder',
      '--params',
      '{"id":"o-1"}',
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('"status": "shipped"');
    const stale = await runCtb(['ping', '--url', url, '--secret', FILE_SECRET]);
    expect(stale.code).toBe(1);
    expect(await logLine('ping  invalid_signature: signature_mismatch')).toContain('  401  ');
  });

  it('logs a timestamp outside the file window with the failed check', async () => {
    const run = await runCtb([
      'invoke',
      '--url',
      url,
      '--secret',
      FLAG_SECRET,
      '--tool',
      'getOrder',
      '--params',
      '{"id":"o-2"}',
      '--skew-offset',
      '-61',
    ]);
    expect(run.code).toBe(1);
    // 61 s, or 62 when the signing and the check fall on two sides of a second boundary.
    expect(await logLine('timestamp_too_old')).toMatch(
      /tool\.invoke getOrder {2}invalid_signature: timestamp_too_old — the timestamp is 6[12] s old/,
    );
  });
});
