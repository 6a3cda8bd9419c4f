// The Console's fault panel as a user leaves it: clearing the faults keeps the panel open, faults
// set before leaving the screen are shown when coming back, and the skew hint names the window.

import { test, expect } from './fixtures.ts';
import { registerDemoConnection, startDemo } from './ui-steps.ts';

async function api(app: { origin: string; token: string }, method: string, input: unknown) {
  const r = await fetch(`${app.origin}/api/call/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ctb-token': app.token },
    body: JSON.stringify(input),
  });
  return ((await r.json()) as { data: unknown }).data;
}

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

  test('names the window of the local connector behind a connection, and Conformance starts from it', async ({
    app,
  }) => {
    const page = app.page;
    await startDemo(page);
    // The Demo catalog with a 60 s window, then registered as a connection (which follows it).
    const [demo] = (await api(app, 'local:list', null)) as Array<{ id: string; definition: object }>;
    await api(app, 'local:save', {
      id: demo.id,
      definition: { ...demo.definition, maxTimestampSkewSeconds: 60 },
    });
    await page.reload();
    await expect(page.locator('[data-app-state="ready"]').first()).toBeVisible();
    await registerDemoConnection(page);

    await page.getByTestId('nav-console').click();
    await expect(page.getByTestId('target-kind-connection')).toBeChecked();
    const panel = page.getByTestId('fault-controls');
    await panel.locator('summary').click();
    // 100 s is inside the protocol's default 300 s, yet outside what this connector accepts.
    await page.getByTestId('fault-skew-number').fill('100');
    await expect(panel).toContainText("outside this connector's ±60 s window");
    await page.getByTestId('fault-reset').click();

    await page.getByTestId('nav-conformance').click();
    await page.locator('label:has([data-testid=run-target-kind-connection])').click();
    await expect(page.getByTestId('conformance-skew')).toHaveValue('60');
    await expect(page.getByTestId('conformance-skew-help')).toContainText(
      '60 passes at the edge, 61 must fail',
    );
  });
});
