// Inspector: an exchange opened from the history, with the signature diff marked, the skew bar
// against the window, and copy as curl.

import { test, expect } from './fixtures.ts';
import { registerDemoConnection, screens, setEditorText, testAndSync } from './ui-steps.ts';

test.describe('Inspector', () => {
  test('marks the first differing signature character and draws a skew outside the window', async ({
    app,
  }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await testAndSync(page);
    await page.getByTestId('nav-console').click();
    await page.getByTestId('console-tool').selectOption('getProduct');
    await setEditorText(page, 'console-params', '{"sku": "SKU-1002"}');
    await page.getByTestId('fault-controls').locator('summary').click();
    await page.getByTestId('fault-wrong-secret').check();
    await page.getByTestId('fault-skew-number').fill('-420');
    await page.getByTestId('console-send').click();
    await expect(page.getByTestId('response-status')).toHaveText('HTTP 401');

    await page.getByTestId('open-in-inspector').click();
    await expect(page).toHaveURL(/#\/inspector\/\d+/);
    const view = page.getByTestId('exchange-view');
    await expect(view.getByTestId('diagnosis-verdict')).toContainText('invalid');
    await expect(view.getByTestId('diagnosis-summary')).not.toBeEmpty();

    // Both signatures shown; the first difference is marked in each.
    const diff = view.getByTestId('signature-diff');
    await expect(diff).toHaveAttribute('data-equal', 'false');
    const index = Number(await diff.getAttribute('data-first-diff'));
    const expected = (await view.getByTestId('signature-expected').textContent()) ?? '';
    const sent = (await view.getByTestId('signature-sent').textContent()) ?? '';
    expect(expected.slice(0, index)).toBe(sent.slice(0, index));
    expect(expected[index]).not.toBe(sent[index]);
    await expect(view.getByTestId('signature-expected-mark')).toHaveText(expected[index]);
    await expect(view.getByTestId('canonical-string')).toContainText(':{"protocol_version":"1"');

    // 420 s in the past against a ±300 s window.
    await expect(view.getByTestId('skew-bar')).toHaveAttribute('data-outside', 'true');
    await expect(view.getByTestId('skew-bar')).toHaveAttribute('data-offset', '-420');
    await expect(view.getByTestId('skew-caption')).toContainText('in the past');
    await expect(view.getByTestId('skew-caption')).toContainText('outside the window');

    await view.getByTestId('request-body-tab-hex').click();
    await expect(view.getByTestId('request-body-content')).toContainText('00000000  7b');
    await expect(view.getByTestId('waterfall')).toBeVisible();

    await view.getByTestId('copy-curl-resigned').click();
    await expect(view.getByTestId('curl-command')).toContainText('curl');
    await expect(view.getByTestId('curl-command')).toContainText('x-service-signature');
    await screens(page, 'inspector');

    // The history lists it; reloading the page on its address opens it again.
    await expect(page.getByTestId('history-item').first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('exchange-view')).toBeVisible();
  });

  test('says how to get an exchange when the history is empty', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('nav-inspector').click();
    await expect(page.getByTestId('history-empty')).toBeVisible();
  });
});
