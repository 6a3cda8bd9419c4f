// The live request log stays bounded on the page: a burst of requests to a running local connector
// fills a fixed-height scroll box that renders only the rows in view, not one row per request.

import { test, expect } from './fixtures.ts';
import { startDemo } from './ui-steps.ts';

test.describe('Live request log', () => {
  test('a burst of 120 requests keeps the log box bounded and windowed', async ({ app }) => {
    const page = app.page;
    const url = await startDemo(page);

    // Unsigned pings: the connector answers each with 401 and logs every one of them.
    for (let i = 0; i < 120; i += 20)
      await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
        ),
      );

    await expect(page.getByTestId('local-log-count')).toHaveText('120 requests');
    const box = page.getByTestId('local-log-scroll');
    const height = await box.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(440);
    const rendered = await page.getByTestId('local-log-item').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(30);

    // Scrolling the box to its bottom renders the oldest requests instead of the newest.
    const idsOf = async () =>
      (
        await page.getByTestId('local-log-item').evaluateAll((els) => els.map((e) => e.dataset.exchangeId))
      ).map(Number);
    const newest = await idsOf();
    await box.scrollIntoViewIfNeeded();
    await box.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(async () => Math.max(...(await idsOf()))).toBeLessThan(Math.min(...newest));
    expect(await page.getByTestId('local-log-item').count()).toBeLessThan(30);
  });
});
