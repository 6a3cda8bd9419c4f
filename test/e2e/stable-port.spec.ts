// A restarted local connector keeps its port, so the connection registered from it keeps working:
// start the Demo catalog, register it, stop and start it again, and Test Connection stays healthy.

import { test, expect } from './fixtures.ts';
import { demoItem, registerDemoConnection, startDemo } from './ui-steps.ts';

test.describe('Stable local connector port', () => {
  test('a connector restarted after registering keeps its URL and the connection stays healthy', async ({
    app,
  }) => {
    const page = app.page;
    await registerDemoConnection(page);
    const firstUrl = await startDemo(page);

    const item = demoItem(page);
    await item.getByTestId('local-stop').click();
    await expect(item).toHaveAttribute('data-running', 'false');
    const secondUrl = await startDemo(page);
    expect(secondUrl).toBe(firstUrl);

    await page.getByTestId('nav-business-tools').click();
    await expect(page.getByTestId('connection-item')).toHaveCount(1);
    await page.getByTestId('test-connection').click();
    await expect(page.getByTestId('test-report-status')).toHaveText('healthy');
  });
});
