// The fixture every browser-mode spec uses: a fresh `ctb serve --no-open --port 0` on a temp data
// folder, its printed URL parsed, and a page already there and waiting for data-app-state="ready".

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export interface ServedApp {
  /** The URL `ctb serve` printed, token included. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** The page, already at `url` and ready. */
  page: Page;
}

export interface ServeHandle {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');
const URL_LINE = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=([A-Za-z0-9_-]+)/;

/** Starts browser mode as a user would (the real CLI, a child process) and waits for its URL. */
export async function startServe(extraArgs: string[] = []): Promise<ServeHandle> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ctb-e2e-'));
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/ctb.js'), 'serve', '--no-open', '--port', '0', '--data-dir', dataDir, ...extraArgs],
    {
      cwd: ROOT,
      env: { ...process.env, CTB_SEED_PASSWORD: 'e2e-password-123' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const found = await new Promise<RegExpExecArray>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = URL_LINE.exec(output);
      if (m) resolveUrl(m);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) =>
      reject(new Error(`ctb serve exited with ${code} before printing its URL:\n${output}`)),
    );
    setTimeout(() => reject(new Error(`ctb serve printed no URL within 30 s:\n${output}`)), 30_000).unref();
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { url: found[0], origin: found[1], token: found[2], dataDir, child, stop };
}

export const test = base.extend<{ app: ServedApp }>({
  app: async ({ page }, use) => {
    const served = await startServe();
    try {
      await page.goto(served.url);
      await expect(page.locator('[data-app-state="ready"]').first()).toBeVisible({ timeout: 20_000 });
      await use({
        url: served.url,
        origin: served.origin,
        token: served.token,
        dataDir: served.dataDir,
        page,
      });
    } finally {
      await served.stop();
    }
  },
});

export { expect };
