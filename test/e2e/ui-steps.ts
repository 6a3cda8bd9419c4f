// UI steps shared by the screen specs: start the built-in Demo catalog, register it as a
// connection through the UI, type into a Monaco editor, and take the light/dark screenshots.

import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

export const DEMO = 'Demo catalog';

export function demoItem(page: Page): Locator {
  return page.locator(`[data-testid=local-item][data-local-name="${DEMO}"]`);
}

/** Local connectors > Demo catalog > Start, then waits for it to listen. */
export async function startDemo(page: Page): Promise<string> {
  await page.getByTestId('nav-local').click();
  const item = demoItem(page);
  await item.getByTestId('local-select').click();
  if ((await item.getAttribute('data-running')) !== 'true') await item.getByTestId('local-start').click();
  await expect(item).toHaveAttribute('data-running', 'true');
  const url = (await item.getByTestId('local-url').textContent()) ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  return url;
}

/** The demo flow: a running Demo catalog registered as an SDK connection; returns the secret shown once. */
export async function registerDemoConnection(page: Page): Promise<string> {
  await startDemo(page);
  await page.getByTestId('local-register').click();
  await expect(page.getByTestId('create-connection-form')).toBeVisible();
  await page.getByTestId('cc-submit').click();
  const secret = (await page.getByTestId('secret-value').textContent()) ?? '';
  await page.getByTestId('secret-dismiss').click();
  await expect(page.locator('[data-testid=connection-item]').first()).toBeVisible();
  return secret;
}

/** Test Connection, bind the Default workspace, Sync Tools: the connection's tools become business tools. */
export async function testAndSync(page: Page): Promise<void> {
  await page.getByTestId('test-connection').click();
  await expect(page.getByTestId('test-report-status')).toHaveText('healthy');
  await page.getByTestId('workspace-select').selectOption({ label: 'Default' });
  await expect(page.getByTestId('workspace-select')).toBeEnabled();
  await page.getByTestId('sync-tools').click();
  await expect(page.getByTestId('sync-report')).toBeVisible();
}

/** Replaces a Monaco editor's whole text; insertText avoids the editor's auto-closing of brackets. */
export async function setEditorText(page: Page, testId: string, text: string): Promise<void> {
  const editor = page.getByTestId(testId).locator('.monaco-editor');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** A full-page screenshot in test-results/screens/, once per colour scheme (light, then dark). */
export async function screens(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1400, height: 900 };
  // A viewport as tall as the page, rather than fullPage: the sticky nav then sits where a user sees it.
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Monaco re-themes on the media change; give it a frame before the capture.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    await page.screenshot({ path: `test-results/screens/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(viewport);
}
