// The theme switch: Light, Dark or System, applied at once and kept across a reload.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const background = (page: Page) => page.evaluate('getComputedStyle(document.body).backgroundColor');

test.describe('theme switch', () => {
  test('dark and light apply at once and survive a reload', async ({ app }) => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const dark = await background(page);
    await page.reload();
    await expect(page.locator('#root[data-app-state="ready"]')).toBeVisible();
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true');
    expect(await background(page)).toBe(dark);

    await page.getByTestId('theme-light').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).not.toBe(dark);
  });

  test('System follows the operating system', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('theme-system').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background(page);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).not.toBe(dark);
  });
});
