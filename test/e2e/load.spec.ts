// Load panel: a short signed load against the running Demo catalog from the UI, with live
// progress, then the latency charts, percentiles and thresholds; and the guard rails.

import { test, expect } from './fixtures.ts';
import { screens, startDemo } from './ui-steps.ts';

test.describe('Load', () => {
  test('runs a short load with progress, then draws the latency charts and percentiles', async ({ app }) => {
    const page = app.page;
    await startDemo(page);
    await page.getByTestId('nav-load').click();
    await expect(page.getByTestId('run-target-local')).toContainText('Demo catalog (running)');
    await page.getByTestId('load-connections').fill('2');
    await page.getByTestId('load-duration').fill('3');
    await page.getByTestId('load-rate').fill('100');
    await page.getByTestId('load-thresholds-input').fill('p99<2s, errors<1%');
    await expect(page.getByTestId('load-thresholds-error')).toHaveCount(0);
    await page.getByTestId('load-run').click();

    await expect(page.getByTestId('load-progress')).toBeVisible();
    await expect(page.getByTestId('load-live-requests')).not.toHaveText('0');
    await expect(page.getByTestId('load-cancel')).toBeVisible();

    const report = page.getByTestId('load-report');
    await expect(report).toBeVisible({ timeout: 20_000 });
    await expect(report).toHaveAttribute('data-passed', 'true');
    await expect(page.getByTestId('load-progress')).toHaveCount(0);
    for (const id of ['percentile-path', 'timeline-p50', 'timeline-p99']) {
      const d = (await page.getByTestId(id).getAttribute('d')) ?? '';
      expect(d, id).toMatch(/^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+)+$/);
    }
    await expect(page.getByTestId('latency-p99').locator('td')).toHaveText(/\d+(\.\d+)? (ms|s)$/);
    await expect(page.getByTestId('latency-p50').locator('td')).toHaveText(/\d+(\.\d+)? (ms|s)$/);
    await expect(page.locator('[data-testid=load-threshold][data-ok=true]')).toHaveCount(2);
    await expect(page.getByTestId('load-errors')).toContainText('No errors');

    // About 300 requests, one run in History: its first 20 as sent, and the connector's own 20.
    await expect(page.getByTestId('load-history')).toHaveAttribute('data-kept', '20');
    await screens(page, 'load');
    await page.getByTestId('load-history-open').click();
    await expect(page.getByTestId('history-search')).toHaveValue(/^load-run:/);
    await expect(page.getByTestId('history-total')).toContainText(/^40 exchanges/);
    await expect(page.getByTestId('history-row-run').first()).toContainText('load-run:');
    // The live log still shows every request of the run, those History did not keep marked so.
    await page.getByTestId('nav-local').click();
    await expect(page.getByTestId('local-log-count')).toContainText('The latest 200 requests');
    await expect(page.getByTestId('local-log-item').first()).toContainText('not kept (load sample)');
    await expect(page.getByTestId('local-log-item').first()).toBeDisabled();
  });

  test('opens a tool.invoke load on a customer tool with valid parameters', async ({ app }) => {
    const page = app.page;
    await startDemo(page);
    await page.getByTestId('nav-load').click();
    await page.locator('#load-kind').selectOption('tool.invoke');
    await expect(page.getByTestId('load-tool')).toHaveValue('searchProducts');
    await expect(page.locator('[data-testid=load-params] [data-editor-ready=true]')).toBeVisible();
    // The skeleton of its required fields, valid as it is: no "Missing property" before any edit.
    await expect(page.getByTestId('load-params-problems')).toHaveCount(0);
    await page.getByTestId('load-tool').selectOption('getProduct');
    await expect(page.getByTestId('load-params')).toContainText('"sku"');
  });

  test('validates thresholds and caps inline, and asks before loading another host', async ({ app }) => {
    const page = app.page;
    await startDemo(page);
    await page.getByTestId('nav-load').click();
    await page.getByTestId('load-thresholds-input').fill('p99<fast');
    await expect(page.getByTestId('load-thresholds-error')).toContainText('bad threshold "p99<fast"');
    await page.getByTestId('load-thresholds-input').fill('p99<200');
    await page.getByTestId('load-connections').fill('300');
    await page.getByTestId('load-duration').fill('600');
    await page.getByTestId('load-run').click();
    await expect(page.getByTestId('load-connections-error')).toContainText('capped at 256');
    await expect(page.getByTestId('load-length-error')).toContainText('capped at 120');
    await expect(page.getByTestId('load-progress')).toHaveCount(0);

    await page.getByTestId('run-target-kind-url').check({ force: true });
    await page.getByTestId('run-target-url').fill('http://203.0.113.7:8080/service');
    await page.getByTestId('run-target-secret').fill('whsec_elsewhere');
    await expect(page.getByTestId('load-remote-warning')).toContainText(
      '203.0.113.7:8080 is not this machine',
    );
    await expect(page.getByTestId('load-run')).toBeDisabled();
    await page.getByTestId('load-confirm-remote').check();
    await expect(page.getByTestId('load-run')).toBeEnabled();
  });

  test('stops a running load on request and reports what was sent', async ({ app }) => {
    const page = app.page;
    await startDemo(page);
    await page.getByTestId('nav-load').click();
    await page.getByTestId('load-connections').fill('1');
    await page.getByTestId('load-duration').fill('60');
    await page.getByTestId('load-rate').fill('50');
    await page.getByTestId('load-run').click();
    await expect(page.getByTestId('load-live-requests')).not.toHaveText('0');
    await page.getByTestId('load-cancel').click();
    await expect(page.getByTestId('load-report')).toHaveAttribute('data-aborted', 'true');
    await expect(page.getByTestId('load-verdict')).toContainText(/^Cancelled: \d+ requests/);
  });
});
