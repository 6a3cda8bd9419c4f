// Tools: the business tools a sync registered, with auth, chat exposure and their schema.
// Runs against the Demo connector registered through the UI, so the tools come from a real sync.

import { test, expect } from './fixtures.ts';
import { registerDemoConnection, screens, testAndSync } from './ui-steps.ts';

test.describe('Tools', () => {
  test('says what to do when nothing is synced yet', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('nav-tools').click();
    await expect(page.getByTestId('tools-empty')).toContainText('Sync Tools');
  });

  test('lists the synced tools with auth, chat and their schema', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await testAndSync(page);
    await page.getByTestId('nav-tools').click();
    await expect(page.getByTestId('tool-item')).toHaveCount(6);

    await page.locator('[data-testid=tool-item][data-tool-name=approveQuotation]').click();
    await expect(page.getByTestId('tool-chat')).toHaveText('off customer chat');
    await expect(page.getByTestId('tool-auth')).toHaveText('optional');

    await page.locator('[data-testid=tool-item][data-tool-name=getProduct]').click();
    await expect(page.getByTestId('tool-chat')).toHaveText('on customer chat');
    await expect(page.locator('[data-testid=tool-param][data-param=sku]')).toContainText('required');
    await expect(page.getByTestId('tool-schema').locator('.monaco-editor')).toContainText('"sku"');

    // The Sales workspace has no tools: the filter shows the empty state.
    await page.getByTestId('tools-workspace').selectOption({ label: 'Sales' });
    await expect(page.getByTestId('tools-empty')).toBeVisible();
    await page.getByTestId('tools-workspace').selectOption({ label: 'Default' });
    await expect(page.getByTestId('tool-item')).toHaveCount(6);
    await page.locator('[data-testid=tool-item][data-tool-name=getProduct]').click();
    await screens(page, 'tools');
  });
});
