// Live traffic: the app's recording proxy in front of the Demo catalog, started from the screen with
// the connector's own secrets; each request shows with its verdict and cause and opens in the Inspector.

import { signForTest } from '../../src/protocol/index.ts';
import { test, expect } from './fixtures.ts';
import { startDemo } from './ui-steps.ts';

test.describe('Live traffic', () => {
  test('proxies, explains and pairs real requests, then opens one in the Inspector', async ({ app }) => {
    const page = app.page;
    const connectorUrl = await startDemo(page);

    // The demo's secret, as the owner of a local connector reads it (the definition holds it).
    const locals = (await (
      await fetch(`${app.origin}/api/call/local:list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ctb-token': app.token },
        body: 'null',
      })
    ).json()) as {
      ok: boolean;
      data: Array<{ id: string; name: string; definition: { signingSecret: string } }>;
    };
    const demo = locals.data.find((c) => c.name === 'Demo catalog')!;

    await page.getByTestId('nav-live-traffic').click();
    await expect(page.getByTestId('live-empty')).toBeVisible();
    await page.getByTestId('live-forward-to').fill(connectorUrl);
    await page.getByTestId('live-secrets-from').selectOption(`local:${demo.id}`);
    await page.getByTestId('live-start').click();
    const proxyUrl = (await page.getByTestId('live-url').textContent()) ?? '';
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const send = (secret: string, requestId: string) => {
      const body = JSON.stringify({
        protocol_version: '1',
        request_id: requestId,
        type: 'ping',
        organization_id: 'org_live',
      });
      const { headers } = signForTest(secret, body);
      return fetch(`${proxyUrl}${new URL(connectorUrl).pathname}`, {
        method: 'POST',
        body,
        headers: { ...headers, 'content-type': 'application/json' },
      });
    };
    expect((await send('whsec_not_the_demo_secret', 'live-bad')).status).toBe(401);
    expect((await send(demo.definition.signingSecret, 'live-good')).status).toBe(200);

    const rows = page.getByTestId('live-request');
    await expect(rows).toHaveCount(2);
    // Newest first: the good one on top, the forged one under it with the reason it failed.
    await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'ok');
    await expect(rows.nth(1)).toHaveAttribute('data-verdict', 'invalid_signature');
    await expect(rows.nth(1).getByTestId('live-cause')).toContainText(/secret|signature/i);

    // The proxy's record and the connector's own record of the same request_id pair up.
    await rows.nth(0).click();
    await expect(page.getByTestId('exchange-view')).toBeVisible();
    await expect(page.getByTestId('sent-vs-received')).toHaveAttribute('data-conclusion', 'identical');
    await expect(page.getByTestId('pairing-body')).toContainText('byte-exact');

    await page.getByTestId('nav-live-traffic').click();
    await page.getByTestId('live-stop').click();
    await expect(page.getByTestId('live-start')).toBeVisible();
    await expect(send(demo.definition.signingSecret, 'live-after')).rejects.toThrow();
  });
});
