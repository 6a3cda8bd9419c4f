// Console against the Demo catalog: invoke getProduct, catch bad JSON before sending, then the
// wrong-secret fault followed down to its diagnosis.

import { test, expect } from './fixtures.ts';
import { registerDemoConnection, screens, setEditorText, testAndSync } from './ui-steps.ts';

test.describe('Console', () => {
  test('invokes getProduct, then shows why a wrong secret is refused', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await testAndSync(page);
    await page.getByTestId('nav-console').click();
    // It opens on a customer-chat tool whose empty parameters are valid, not the managers-only
    // approveQuotation that comes first by name: a first send must not be refused before it starts.
    await expect(page.getByTestId('console-tool')).toHaveValue('searchProducts');
    await expect(page.locator('[data-testid=console-params] [data-editor-ready=true]')).toBeVisible();
    await expect(page.getByTestId('console-params-problems')).toHaveCount(0);
    await page.getByTestId('console-tool').selectOption('getProduct');

    // Not JSON: an inline message, and nothing is sent.
    await setEditorText(page, 'console-params', '{"sku": ');
    await page.getByTestId('console-send').click();
    await expect(page.getByTestId('console-params-error')).toContainText('not valid JSON');
    await expect(page.getByTestId('console-answer-empty')).toBeVisible();

    await setEditorText(page, 'console-params', '{"sku": "SKU-1001"}');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByTestId('response-status')).toHaveText('HTTP 200');
    await expect(page.getByTestId('diagnosis-verdict')).toHaveText('valid');
    await page.getByTestId('response-body-tab-pretty').click();
    await expect(page.getByTestId('response-body-content')).toContainText('Ergonomic Office Chair');
    await expect(page.getByTestId('request-body-content')).toContainText('"channel": "whatsapp"');
    await screens(page, 'console-ok');

    await page.getByTestId('fault-controls').locator('summary').click();
    await page.getByTestId('fault-wrong-secret').check();
    await expect(page.getByTestId('fault-count')).toHaveText('1 active');
    await page.getByTestId('console-send').click();
    await expect(page.getByTestId('response-status')).toHaveText('HTTP 401');
    await expect(page.getByTestId('response-body-content')).toContainText('invalid_signature');
    await expect(page.getByTestId('diagnosis-verdict')).toHaveText('invalid: signature_mismatch');
    await expect(page.getByTestId('diagnosis-summary')).not.toBeEmpty();
    await expect(page.getByTestId('signature-diff')).toHaveAttribute('data-equal', 'false');
    await screens(page, 'console-wrong-secret');
  });

  test('calls a running local connector directly by URL and secret', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('nav-local').click();
    const demo = page.locator('[data-testid=local-item][data-local-name="Demo catalog"]');
    await demo.getByTestId('local-start').click();
    await expect(demo).toHaveAttribute('data-running', 'true');
    const url = (await demo.getByTestId('local-url').textContent()) ?? '';

    await page.getByTestId('nav-console').click();
    await page.getByTestId('target-kind-url').check({ force: true });
    await page.getByTestId('target-url').fill(url);
    await page.getByTestId('target-secret').fill('not-the-secret');
    await page.getByTestId('console-type').selectOption('ping');
    await page.getByTestId('console-send').click();
    await expect(page.getByTestId('response-status')).toHaveText('HTTP 401');
  });
});
