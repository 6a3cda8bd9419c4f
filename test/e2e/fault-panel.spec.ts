// The Console's fault panel as a user leaves it: clearing the faults keeps the panel open, faults
// set before leaving the screen are shown when coming back, and the skew hint names the window.

import { test, expect } from './fixtures.ts';

test.describe('Console fault panel', () => {
  test('stays open after Clear faults and shows active faults on return', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('nav-console').click();
    const panel = page.getByTestId('fault-controls');
    await panel.locator('summary').click();
    await page.getByTestId('fault-skew-number').fill('400');
    await expect(page.getByTestId('fault-count')).toHaveText('1 active');
    await expect(panel).toContainText('outside the protocol default ±300 s window');

    await page.getByTestId('fault-reset').click();
    await expect(page.getByTestId('fault-count')).toHaveText('none');
    await expect(panel).toHaveAttribute('open', '');

    await page.getByTestId('fault-wrong-secret').check();
    await page.getByTestId('nav-history').click();
    await page.getByTestId('nav-console').click();
    await expect(page.getByTestId('fault-count')).toHaveText('1 active');
    await expect(page.getByTestId('fault-controls')).toHaveAttribute('open', '');
  });
});
