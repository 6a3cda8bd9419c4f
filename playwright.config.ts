// Playwright: browser-mode specs against `ctb serve` (one per test, temp data folder, free port)
// in the machine's Chromium when there is one, and the Electron spec where the binary exists.

import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Playwright's own browser download does not work on every machine: prefer an explicit or system Chromium.
const executablePath =
  process.env.CTB_CHROMIUM || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Overridable so two runs on one checkout do not wipe each other's traces.
  outputDir: process.env.CTB_PW_OUTPUT ?? 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 820 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        ...(isRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
