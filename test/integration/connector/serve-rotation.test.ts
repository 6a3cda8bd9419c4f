// `ctb connector serve` during a secret rotation: --secret given twice accepts calls signed with
// either (the log names the older one by fingerprint), and a repeated secret is a usage error.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, sign } from '../../../src/protocol/index.ts';
import { runCtb, startCtb } from '../cli/run-ctb.ts';

const CURRENT = 'whsec_rotation_current';
const PREVIOUS = 'whsec_rotation_previous';
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ctb-rotation-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function ping(url: string, secret: string): Promise<number> {
  const body = JSON.stringify({ protocol_version: '1', request_id: 'r-rot', type: 'ping' });
  const res = await fetch(url, { method: 'POST', headers: sign(secret, body), body });
  return res.status;
}

describe('ctb connector serve --secret given twice', () => {
  it('verifies calls signed with the current or the previous secret, and logs which matched', async () => {
    const server = startCtb([
      'connector',
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--secret',
      CURRENT,
      '--secret',
      PREVIOUS,
    ]);
    let output = '';
    server.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    server.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    try {
      for (let i = 0; i < 1000 && !/Ctrl-C/.test(output); i++) await new Promise((r) => setTimeout(r, 10));
      const url = /^url\s+(http:\/\/\S+)/m.exec(output)?.[1];
      if (!url) throw new Error(`connector serve did not start:\n${output}`);
      expect(output).toContain(`${fingerprint(CURRENT)}, ${fingerprint(PREVIOUS)}`);

      expect(await ping(url, CURRENT)).toBe(200);
      expect(await ping(url, PREVIOUS)).toBe(200);
      expect(await ping(url, 'whsec_rotation_unknown')).toBe(401);
      for (let i = 0; i < 300 && !/invalid_signature|401/.test(output); i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(output).toContain(`older secret ${fingerprint(PREVIOUS)}`);
      expect(output).not.toContain(CURRENT);
      expect(output).not.toContain(PREVIOUS);
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('refuses the same secret twice with exit code 2', async () => {
    const run = await runCtb([
      'connector',
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--secret',
      CURRENT,
      '--secret',
      CURRENT,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--secret number 2 repeats number 1');
    expect(run.stderr).not.toContain(CURRENT);
  });
});
