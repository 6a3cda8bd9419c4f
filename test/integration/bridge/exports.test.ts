// The history exports as a user runs them: the re-signed curl command of a refused (skewed) call
// is accepted by the connector when pasted in a shell, the as-sent one is refused again exactly
// as before, neither holds the secret, and the HAR hides signatures unless asked.

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import type { Handlers } from '../../../src/shared/index.ts';

const run = promisify(execFile);

describe('history exports', () => {
  let dataDir: string;
  let backend: Backend;
  let h: Handlers;
  let secret: string;
  let refusedId: number;
  let urlTargetId: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ctb-exports-'));
    backend = await openBackend({
      dataDir,
      mode: 'browser',
      version: 'test',
      seedPassword: 'exports-pass-1',
      platformServer: false,
    });
    h = backend.handlers;
    const demo = (await h['local:list']()).find((l) => l.name === 'Demo catalog')!;
    const started = await h['local:start']({ id: demo.id });
    secret = started.definition.signingSecret as string;
    const connection = await h['connections:create']({
      name: 'Catalog',
      webhook_url: started.url!,
      signing_secret: secret,
    });
    refusedId = (
      await h['console:send']({
        target: { kind: 'connection', id: connection.id },
        type: 'ping',
        faults: { skewOffsetSeconds: -900 },
      })
    ).id;
    urlTargetId = (
      await h['console:send']({ target: { kind: 'url', url: started.url!, secret }, type: 'ping' })
    ).id;
  });
  afterAll(async () => {
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function shell(command: string): Promise<{ type?: string; code?: string }> {
    const { stdout } = await run('sh', ['-c', command], { timeout: 10_000 });
    return JSON.parse(stdout) as { type?: string; code?: string };
  }

  it('re-signs a refused call so that running the command succeeds', async () => {
    const { command } = await h['history:export-curl']({ id: refusedId, mode: 're-signed' });
    expect(command).not.toContain(secret);
    await expect(shell(command)).resolves.toMatchObject({ type: 'pong' });
  });

  it('exports the call as sent, which the connector refuses again', async () => {
    const { command } = await h['history:export-curl']({ id: refusedId, mode: 'as-sent' });
    expect(command).not.toContain(secret);
    await expect(shell(command)).resolves.toMatchObject({ type: 'error', code: 'invalid_signature' });
  });

  it('cannot re-sign a call to a typed URL, whose secret the testbench never kept', async () => {
    await expect(async () =>
      h['history:export-curl']({ id: urlTargetId, mode: 're-signed' }),
    ).rejects.toMatchObject({ code: 'secret_unknown' });
  });

  it('redacts signatures in HAR unless secrets are asked for', async () => {
    const redacted = (await h['history:export-har']({ ids: [refusedId, urlTargetId] })).har as {
      log: { entries: Array<{ request: { headers: Array<{ name: string; value: string }> } }> };
    };
    expect(redacted.log.entries).toHaveLength(2);
    const sig = (har: typeof redacted) =>
      har.log.entries[0].request.headers.find((x) => x.name === 'x-service-signature')?.value;
    expect(sig(redacted)).toBe('[redacted]');
    const full = (await h['history:export-har']({ ids: [refusedId], includeSecrets: true }))
      .har as typeof redacted;
    expect(sig(full)).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(JSON.stringify(full)).not.toContain(secret);
  });
});
