// `npm run screenshots`: every screen of browser mode in both themes, as PNGs in docs/screenshots/,
// taken from a real `ctb serve` on a temp data folder and a free port, with the demo connection set up.

import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startServe } from '../test/e2e/fixtures.ts';
import { registerDemoConnection, setEditorText, testAndSync } from '../test/e2e/ui-steps.ts';
import { SCREENS } from '../src/renderer/src/lib/route.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs/screenshots');
const executablePath =
  process.env.CTB_CHROMIUM || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    console.error('Build the app first: npm run build');
    process.exit(1);
  }
  await mkdir(OUT, { recursive: true });
  const served = await startServe();
  const browser = await chromium.launch({
    executablePath,
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(served.url);
    await page.locator('#root[data-app-state="ready"]').waitFor();
    // Seed: the Demo catalog running, registered, tested and synced, and one console call (with the
    // tamper-body fault) in History.
    await registerDemoConnection(page);
    await testAndSync(page);
    await page.getByTestId('nav-console').click();
    await page.getByTestId('console-tool').selectOption('getProduct');
    await setEditorText(page, 'console-params', '{"sku": "SKU-1002"}');
    await page.getByTestId('fault-controls').locator('summary').click();
    await page.getByTestId('fault-tamper-body').check();
    await page.getByTestId('console-send').click();
    await page.getByTestId('response-status').waitFor();
    await page.getByTestId('fault-reset').click();
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId(`theme-${theme}`).click();
      for (const name of SCREENS) {
        await page.getByTestId(`nav-${name}`).click();
        await page.locator(`[data-route="${name}"]`).waitFor();
        await page.getByText('Loading…', { exact: true }).waitFor({ state: 'detached' });
        // The Inspector with an exchange open: the tampered console call, its byte marked.
        if (name === 'inspector') {
          await page.getByTestId('history-item').first().click();
          await page.getByTestId('injected-faults').waitFor();
        }
        await page.evaluate('new Promise((r) => setTimeout(r, 300))');
        const file = join(OUT, `${name}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(`wrote ${file.slice(ROOT.length + 1)}`);
      }
    }
  } finally {
    await browser.close();
    await served.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
