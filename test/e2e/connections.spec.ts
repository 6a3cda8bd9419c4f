// Business Tools > SDK Connections against the real engine and the built-in Demo catalog: the
// demo flow an org admin sees (create, secret once, test, workspace, sync, flows, delete).

import { test, expect } from './fixtures.ts';
import { registerDemoConnection, screens, testAndSync } from './ui-steps.ts';

test.describe('SDK Connections', () => {
  test('creates a connection, shows its secret once, tests, syncs and deletes it', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('nav-business-tools').click();
    await expect(page.getByTestId('connections-empty')).toBeVisible();

    // A client-side problem is shown under its field before anything is sent.
    await page.getByTestId('cc-name').fill('Catalog');
    await page.getByTestId('cc-url').fill('not a url');
    await page.getByTestId('cc-submit').click();
    await expect(page.getByTestId('cc-url-error')).toContainText('not a URL');

    const secret = await registerDemoConnection(page);
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // Once dismissed, the secret is gone from the page for good.
    await expect(page.getByTestId('secret-reveal')).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByTestId('connection-status')).toHaveText('unknown');
    await expect(page.getByTestId('ssrf-verdict')).toContainText('strict mode would refuse');

    await testAndSync(page);
    await expect(page.getByTestId('connection-status')).toHaveText('healthy');
    await expect(page.getByTestId('test-latency')).toHaveText(/\d+(\.\d+)? ms/);
    await expect(page.locator('[data-testid=sync-tool][data-change=new]')).toHaveCount(6);
    await expect(page.locator('[data-testid=sync-tool]', { hasText: 'getProduct' })).toBeVisible();
    await expect(page.locator('[data-testid=flow-item][data-kind=task]')).toContainText('Approve quotation');
    await expect(page.locator('[data-testid=flow-item][data-kind=task]')).toContainText('priority high');
    await screens(page, 'connections');

    // A second sync reports the same tools as unchanged.
    await page.getByTestId('sync-tools').click();
    await expect(page.locator('[data-testid=sync-tool][data-change=unchanged]')).toHaveCount(6);

    // Rotating shows the new secret once, different from the first.
    await page.getByTestId('rotate-secret').click();
    const rotated = (await page.getByTestId('secret-value').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByTestId('secret-dismiss').click();
    // The connector still has the old secret: the test now fails, with the code that says why.
    await page.getByTestId('test-connection').click();
    await expect(page.getByTestId('test-report-status')).toHaveText('failing');
    await expect(page.getByTestId('test-report-error')).toContainText('invalid_signature');

    // Delete asks first; cancelling keeps the connection.
    await page.getByTestId('delete-connection').click();
    await page.getByTestId('delete-connection-cancel').click();
    await expect(page.getByTestId('connection-item')).toHaveCount(1);
    await page.getByTestId('delete-connection').click();
    await page.getByTestId('delete-connection-confirm').click();
    await expect(page.getByTestId('connection-item')).toHaveCount(0);
    await expect(page.getByTestId('connections-empty')).toBeVisible();
  });

  test('shows the premium gate on Add Connection when the plan is free', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('plan-free').click({ force: true });
    await expect(page.getByTestId('plan-free')).toBeChecked();
    await page.getByTestId('cc-name').fill('Gated');
    await page.getByTestId('cc-url').fill('https://connector.example.com/service');
    await page.getByTestId('cc-submit').click();
    await expect(page.getByTestId('cc-error')).toHaveAttribute('data-error-code', 'premium_required');
    await page.getByTestId('plan-premium').click({ force: true });
    await page.getByTestId('cc-submit').click();
    await expect(page.getByTestId('secret-value')).toBeVisible();
  });

  test('refuses a second connection with the same name under the name field', async ({ app }) => {
    const page = app.page;
    for (let i = 0; i < 2; i++) {
      if (i === 1) await page.getByTestId('add-connection').click();
      await page.getByTestId('cc-name').fill('Twice');
      await page.getByTestId('cc-url').fill('https://connector.example.com/service');
      await page.getByTestId('cc-submit').click();
      if (i === 0) await page.getByTestId('secret-dismiss').click();
    }
    await expect(page.getByTestId('cc-name-server-error')).toHaveAttribute('data-error-code', 'name_taken');
  });
});
