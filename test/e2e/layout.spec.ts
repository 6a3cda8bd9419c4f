// Layouts hold from 1280 to 2560 px: no screen scrolls sideways (a hidden file input once made
// History 1687 px wide at 1440).

import { expect, test } from './fixtures.ts';
import { SCREENS } from '../../src/renderer/src/lib/route.ts';

test.describe('layout', () => {
  for (const width of [1280, 1440, 2560]) {
    test(`no screen overflows sideways at ${width} px`, async ({ app }) => {
      const { page } = app;
      await page.setViewportSize({ width, height: 900 });
      for (const name of SCREENS) {
        await page.getByTestId(`nav-${name}`).click();
        await expect(page.getByTestId(`nav-${name}`)).toHaveAttribute('aria-current', 'page');
        await expect(page.locator(`[data-route="${name}"]`)).toBeVisible();
        await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
        const scrollWidth = await page.evaluate('document.documentElement.scrollWidth');
        expect(scrollWidth, `${name} at ${width}px`).toBeLessThanOrEqual(width);
      }
    });
  }
});
