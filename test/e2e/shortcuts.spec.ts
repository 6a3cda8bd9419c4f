// Keyboard shortcuts against the real app: ? opens the help listing them, g-keys navigate, t and s
// act on the selected connection, / focuses a search field, and nothing fires while typing.

import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { registerDemoConnection, screens } from './ui-steps.ts';

/** The first screen focuses the Add Connection name field: leave it, as a person would by clicking away. */
async function leaveFields(page: Page): Promise<void> {
  await page.evaluate('document.activeElement && document.activeElement.blur()');
}

test.describe('Keyboard shortcuts', () => {
  test('? opens the help listing every shortcut; Esc, the button and the backdrop close it', async ({
    app,
  }) => {
    const page = app.page;
    await leaveFields(page);
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcuts-help');
    await expect(help).toBeVisible();
    await expect(help).toHaveAttribute('role', 'dialog');
    for (const label of [
      'SDK Connections',
      'Console',
      'Inspector',
      'History',
      'Demo',
      'Test the selected connection',
      'Sync tools',
      'Focus the search field',
      'Send the request',
      'Close the open panel',
    ])
      await expect(help.getByTestId('shortcut-label').filter({ hasText: label }).first()).toBeVisible();
    await expect(help.getByTestId('shortcut-keys').filter({ hasText: /^gthenc$/ })).toHaveCount(1);
    // While it is open, other shortcuts do not act behind it.
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await expect(page.getByTestId('screen-connections')).toBeVisible();
    await screens(page, 'shortcuts-help');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);

    await page.getByTestId('shortcuts-open').click();
    await expect(help).toBeVisible();
    await page.getByTestId('shortcuts-close').click();
    await expect(help).toHaveCount(0);
    await page.getByTestId('shortcuts-open').click();
    await page.getByTestId('shortcuts-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(help).toHaveCount(0);
  });

  test('g then a letter goes to each screen', async ({ app }) => {
    const page = app.page;
    await leaveFields(page);
    const routes: Array<[string, string]> = [
      ['o', 'screen-console'],
      ['i', 'screen-inspector'],
      ['h', 'screen-history'],
      ['l', 'screen-local'],
      ['t', 'screen-tools'],
      ['d', 'screen-demo'],
      ['c', 'screen-connections'],
    ];
    for (const [key, screen] of routes) {
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await expect(page.getByTestId(screen)).toBeVisible();
    }
    // A lone letter after the sequence timed out is not a navigation.
    await page.keyboard.press('g');
    await page.waitForTimeout(1700);
    await page.keyboard.press('o');
    await expect(page.getByTestId('screen-connections')).toBeVisible();
  });

  test('t tests and s syncs the selected connection; / focuses the search field', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await leaveFields(page);
    await page.keyboard.press('t');
    await expect(page.getByTestId('test-report-status')).toHaveText('healthy');
    await page.keyboard.press('s');
    await expect(page.getByTestId('sync-report')).toBeVisible();

    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page.getByTestId('screen-history')).toBeVisible();
    await page.keyboard.press('/');
    await expect(page.getByTestId('history-search')).toBeFocused();
    // Typing there is typing, not shortcuts.
    await page.keyboard.type('g c t?');
    await expect(page.getByTestId('history-search')).toHaveValue('g c t?');
    await expect(page.getByTestId('screen-history')).toBeVisible();
    await expect(page.getByTestId('shortcuts-help')).toHaveCount(0);
  });

  test('does not fire inside inputs or the Monaco editor', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('cc-name').click();
    await page.keyboard.type('g i ?');
    await expect(page.getByTestId('cc-name')).toHaveValue('g i ?');
    await expect(page.getByTestId('screen-connections')).toBeVisible();
    await expect(page.getByTestId('shortcuts-help')).toHaveCount(0);

    await page.getByTestId('nav-console').click();
    const editor = page.getByTestId('console-params').locator('.monaco-editor');
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.type('gc?');
    await expect(page.getByTestId('screen-console')).toBeVisible();
    await expect(page.getByTestId('shortcuts-help')).toHaveCount(0);
    await expect(editor).toContainText('gc?');
  });
});
