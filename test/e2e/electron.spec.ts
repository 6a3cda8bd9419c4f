// The desktop window through Playwright's Electron driver, where the Electron binary exists (it
// cannot be downloaded on every machine): the page loads, gets window.ctb, and nothing else.

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '../..');
const hasBinary = existsSync(join(ROOT, 'node_modules/electron/path.txt'));
const hasBuild = existsSync(join(ROOT, 'out/main/index.js'));

test.skip(
  !hasBinary,
  'Electron binary not installed (node_modules/electron/path.txt missing); browser-mode specs cover the UI',
);
test.skip(!hasBuild, 'the desktop app is not built (run npm run build)');

test('the desktop window loads the UI with the contract bridge and no Node', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ctb-electron-'));
  const app = await electron.launch({
    args: [ROOT, '--data-dir', dataDir],
    env: { ...process.env, CTB_SEED_PASSWORD: 'e2e-password-123' },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.locator('[data-app-state="ready"]').first()).toBeVisible({ timeout: 30_000 });
    const shape = await page.evaluate(() => ({
      bridge: Object.keys((globalThis as unknown as { ctb: object }).ctb).sort(),
      node: typeof (globalThis as unknown as { require?: unknown }).require,
      process: typeof (globalThis as unknown as { process?: unknown }).process,
    }));
    expect(shape).toEqual({ bridge: ['call', 'on'], node: 'undefined', process: 'undefined' });
    const info = await page.evaluate(() =>
      (globalThis as unknown as { ctb: { call(m: string): Promise<unknown> } }).ctb.call('app:get-info'),
    );
    expect(info).toMatchObject({ ok: true, data: { mode: 'desktop', dataDir } });
    const refused = await page.evaluate(() =>
      (globalThis as unknown as { ctb: { call(m: string): Promise<unknown> } }).ctb.call('evil:channel'),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
