// A failed Test Connection shows only what was measured: against a stopped connector the report says
// failing with connect_error, and shows neither a latency nor a clock offset it never measured.

import { test, expect } from './fixtures.ts';
import { demoItem, registerDemoConnection } from './ui-steps.ts';

test.describe('Test Connection report', () => {
  test('a dead connector shows the connect error and no made-up latency or clock offset', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);

    await page.getByTestId('nav-local').click();
    const item = demoItem(page);
    await item.getByTestId('local-stop').click();
    await expect(item).toHaveAttribute('data-running', 'false');

    await page.getByTestId('nav-business-tools').click();
    await page.getByTestId('test-connection').click();
    await expect(page.getByTestId('test-report-status')).toHaveText('failing');
    await expect(page.getByTestId('test-report-error')).toContainText('connect_error');
    await expect(page.getByTestId('test-report-error')).toContainText('ECONNREFUSED');
    await expect(page.getByTestId('test-latency')).toHaveCount(0);
    await expect(page.getByTestId('test-offset')).toHaveCount(0);
    await expect(page.getByTestId('test-report')).not.toContainText('bare pong');
  });
});
