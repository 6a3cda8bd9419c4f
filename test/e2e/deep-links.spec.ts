// Deep links: every screen has an address that survives a reload, an Inspector exchange too, and
// the platform's old /app/organization/sdk-connections lands on Business Tools > SDK Connections.

import { expect, test } from './fixtures.ts';
import { SCREENS } from '../../src/renderer/src/lib/route.ts';

test.describe('deep links', () => {
  test('every screen keeps its address across a reload', async ({ app }) => {
    const { page, origin } = app;
    for (const name of SCREENS) {
      await page.goto(`${origin}/#/${name}`);
      await page.reload();
      await expect(page.locator('#root[data-app-state="ready"]')).toBeVisible();
      await expect(page.getByTestId(`nav-${name}`)).toHaveAttribute('aria-current', 'page');
      expect(new URL(page.url()).hash).toBe(`#/${name}`);
    }
  });

  test('an Inspector exchange has its own address', async ({ app }) => {
    const { page, origin } = app;
    await page.goto(`${origin}/#/inspector/12345`);
    await page.reload();
    await expect(page.locator('#root[data-app-state="ready"]')).toBeVisible();
    await expect(page.getByTestId('nav-inspector')).toHaveAttribute('aria-current', 'page');
    expect(new URL(page.url()).hash).toBe('#/inspector/12345');
  });

  test('the old platform route lands on Business Tools > SDK Connections', async ({ app }) => {
    const { page, origin } = app;
    await page.goto(`${origin}/app/organization/sdk-connections`);
    await expect(page.locator('#root[data-app-state="ready"]')).toBeVisible();
    await expect(page.getByTestId('nav-business-tools')).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.url()).toBe(`${origin}/#/business-tools`);
  });
});
