// Conformance panel: grade the running Demo catalog from the UI, watch the checks arrive with a
// progress bar, open one check's exchange, and export the report as JSON and JUnit.

import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures.ts';
import { screens, startDemo } from './ui-steps.ts';

test.describe('Conformance', () => {
  test('grades the Demo catalog conformant, with live progress, details and exports', async ({ app }) => {
    const page = app.page;
    await startDemo(page);
    await page.getByTestId('nav-conformance').click();
    await expect(page.getByTestId('run-target-local')).toContainText('Demo catalog (running)');
    await expect(page.getByTestId('conformance-skew')).toHaveValue('300');

    // Watch the DOM from the page itself: the run is fast, so progress is recorded as it renders.
    await page.evaluate(`(() => {
      window.__seen = { progress: false, rowsWhileRunning: 0 };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=conformance-progress]')) {
          window.__seen.progress = true;
          const rows = document.querySelectorAll('[data-testid=check-row]').length;
          window.__seen.rowsWhileRunning = Math.max(window.__seen.rowsWhileRunning, rows);
        }
      }).observe(document.body, { childList: true, subtree: true });
    })()`);
    await page.getByTestId('conformance-run').click();

    const summary = page.getByTestId('conformance-summary');
    await expect(summary).toBeVisible({ timeout: 30_000 });
    await expect(summary).toHaveAttribute('data-conformant', 'true');
    await expect(page.getByTestId('conformance-verdict')).toContainText(/^Conformant/);
    const seen = (await page.evaluate('window.__seen')) as { progress: boolean; rowsWhileRunning: number };
    expect(seen.progress).toBe(true);
    expect(seen.rowsWhileRunning).toBeGreaterThan(0);
    expect(await page.getByTestId('check-row').count()).toBeGreaterThan(20);
    await expect(page.locator('[data-testid=check-row][data-outcome=fail][data-level=must]')).toHaveCount(0);

    // One check opened: the request as sent (signed) and the connector's answer.
    const row = page.locator('[data-testid=check-row][data-check-id^="timestamp."]').first();
    await row.getByTestId('check-toggle').click();
    await expect(row.getByTestId('check-sent')).toContainText('x-service-signature');
    await expect(row.getByTestId('check-received')).not.toBeEmpty();

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('conformance-export-json').click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^conformance-.+\.json$/);
    const report = JSON.parse(await readFile((await json.path())!, 'utf8'));
    expect(report.summary.conformant).toBe(true);
    const [junit] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('conformance-export-junit').click(),
    ]);
    expect(junit.suggestedFilename()).toMatch(/\.xml$/);
    expect(await readFile((await junit.path())!, 'utf8')).toContain('<testsuite ');

    await screens(page, 'conformance');

    // One run in History: a request of each check, labelled with the run, not one row per request.
    const kept = Number(await page.getByTestId('conformance-history').getAttribute('data-kept'));
    expect(kept).toBeGreaterThan(0);
    await page.getByTestId('conformance-history-open').click();
    await expect(page.getByTestId('history-search')).toHaveValue(/^conformance-run:/);
    await expect(page.getByTestId('history-total')).toHaveAttribute('data-total', String(kept));
  });
});
