// History screen: filters and search over real exchanges, replay as sent and re-signed, compare,
// export then import of the downloaded file; and a 100,000-exchange data folder that scrolls and filters.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, startServe } from './fixtures.ts';
import { registerDemoConnection, screens, testAndSync } from './ui-steps.ts';
import { seedHistory } from '../fixtures/seed-history.ts';

async function total(page: Page): Promise<number> {
  return Number(await page.getByTestId('history-total').getAttribute('data-total'));
}

/**
 * The total once it has stopped moving: a replay's receipt by the local connector is written a
 * moment after the replay itself, so a count read at once can miss it.
 */
async function settledTotal(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await total(page);
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [400] },
    )
    .toBe(true);
  return last;
}

/** Every row currently drawn (the list only draws what is in view). */
function rows(page: Page) {
  return page.getByTestId('history-screen-list').getByTestId('history-row');
}

test.describe('History', () => {
  test('filters, searches, replays, compares, exports and imports exchanges', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await testAndSync(page);
    await page.getByTestId('nav-history').click();
    await expect(rows(page).first()).toBeVisible();
    const all = await total(page);
    expect(all).toBeGreaterThanOrEqual(4);

    // Filters: received by the local connector only, then pings only.
    await page.getByTestId('history-filter-direction').selectOption('incoming');
    await expect.poll(() => total(page)).toBeLessThan(all);
    for (const dir of await rows(page).locator('.hrow__dir').allTextContents()) expect(dir).toContain('in');
    await page.getByTestId('history-filter-requestType').selectOption('ping');
    await expect(rows(page).first()).toBeVisible();
    for (const what of await rows(page).locator('.hrow__what').allTextContents()) expect(what).toBe('ping');

    // Search by request id: the platform's call and the connector's receipt share it.
    const requestId = (await rows(page).first().locator('.hrow__req').getAttribute('title')) ?? '';
    expect(requestId).not.toBe('');
    await page.getByTestId('history-filter-clear').click();
    await expect.poll(() => total(page)).toBe(all);
    await page.getByTestId('history-search').fill(requestId);
    await expect.poll(() => total(page)).toBe(2);
    for (const id of await rows(page).locator('.hrow__req').allTextContents()) expect(id).toBe(requestId);
    // The first characters of an id find it too, as the field's placeholder says.
    await expect(page.getByTestId('history-search')).toHaveAttribute('placeholder', /first 4\+ characters/);
    // Wide enough to show that placeholder whole, next to the search field's clear button.
    // (A string: this project's test tsconfig has no DOM types.)
    const room = Number(
      await page.evaluate(`(() => {
        const e = document.querySelector('[data-testid=history-search]');
        const cs = getComputedStyle(e);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = cs.font;
        const inner = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        return inner - ctx.measureText(e.placeholder).width;
      })()`),
    );
    expect(room).toBeGreaterThan(20);
    await page.getByTestId('history-search').fill(requestId.slice(0, 8));
    await expect.poll(() => total(page)).toBe(2);
    await page.getByTestId('history-search').fill('');
    await expect.poll(() => total(page)).toBe(all);

    // Replay the outgoing ping, re-signed then as sent: each is a new exchange, opened in the Inspector.
    await page.getByTestId('history-filter-direction').selectOption('outgoing');
    await page.getByTestId('history-filter-requestType').selectOption('ping');
    const ping = rows(page).first();
    const pingId = Number(await ping.getAttribute('data-exchange-id'));
    await ping.getByTestId('history-row-select').check();
    await page.getByTestId('history-replay-resigned').click();
    await expect(page).toHaveURL(/#\/inspector\/\d+/);
    const resigned = page.getByTestId('exchange-view');
    await expect(resigned).not.toHaveAttribute('data-exchange-id', String(pingId));
    await expect(resigned.getByTestId('exchange-verdict')).toHaveText('ok');
    await expect(resigned).toContainText(`replay of #${pingId}, re-signed`);

    await page.getByTestId('nav-history').click();
    await page
      .locator(`[data-testid=history-row][data-exchange-id="${pingId}"]`)
      .getByTestId('history-row-select')
      .check();
    await page.getByTestId('history-replay-as-sent').click();
    await expect(page.getByTestId('exchange-view')).toContainText(`replay of #${pingId} as sent`);
    // The Inspector replays what it shows, too.
    const asSentId = await page.getByTestId('exchange-view').getAttribute('data-exchange-id');
    await page.getByTestId('replay-resigned').click();
    await expect(page.getByTestId('exchange-view')).toContainText(`replay of #${asSentId}, re-signed`);
    await expect(page.getByTestId('exchange-view').getByTestId('exchange-verdict')).toHaveText('ok');

    // Compare a ping with a capabilities.list: the differences are marked.
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-filter-clear').click();
    await page.getByTestId('history-filter-direction').selectOption('outgoing');
    await expect(rows(page).first()).toBeVisible();
    await rows(page)
      .filter({ has: page.locator('.hrow__what', { hasText: /^ping$/ }) })
      .first()
      .getByTestId('history-row-select')
      .check();
    await rows(page)
      .filter({ has: page.locator('.hrow__what', { hasText: /^capabilities\.list$/ }) })
      .first()
      .getByTestId('history-row-select')
      .check();
    await page.getByTestId('history-compare-open').click();
    const compare = page.getByTestId('history-compare');
    await expect(compare).toBeVisible();
    await expect(
      compare.getByTestId('compare-fields').locator('tr[data-differs="true"]').first(),
    ).toBeVisible();
    await expect(compare.getByTestId('compare-request-body')).not.toHaveAttribute('data-changed', '0');
    await expect(
      compare.getByTestId('compare-request-body').locator('[data-kind="changed"]').first(),
    ).toBeVisible();
    await screens(page, 'history-compare');
    await page.getByTestId('history-compare-close').click();
    await page.getByTestId('history-clear-selection').click();

    // Export everything as JSON (redacted), then import the downloaded file back.
    await page.getByTestId('history-filter-clear').click();
    await expect.poll(() => total(page)).toBeGreaterThan(all);
    const before = await settledTotal(page);
    await page.getByTestId('history-export-format').selectOption('json');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('history-export-filter').click();
    const download = await downloading;
    const file = join(app.dataDir, 'export.json');
    await download.saveAs(file);
    const exported = JSON.parse(await readFile(file, 'utf8')) as { redacted: boolean; exchanges: unknown[] };
    expect(exported.redacted).toBe(true);
    expect(exported.exchanges).toHaveLength(before);
    await expect(page.getByTestId('history-notice')).toContainText(`Exported ${before} exchanges`);

    await page.getByTestId('history-import-file').setInputFiles(file);
    await expect(page.getByTestId('history-notice')).toContainText(`Imported ${before} exchanges`);
    await expect.poll(() => total(page)).toBe(before * 2);

    // A file that is not an export is refused with a reason, and nothing is added.
    await page
      .getByTestId('history-import-file')
      .setInputFiles({ name: 'broken.har', mimeType: 'application/json', buffer: Buffer.from('{"log":{}}') });
    await expect(page.getByTestId('history-action-error')).toContainText('neither a HAR');
    expect(await total(page)).toBe(before * 2);
    await screens(page, 'history');
  });

  test('scrolls and filters 100,000 seeded exchanges', async ({ page }) => {
    test.setTimeout(180_000);
    const dataDir = await mkdtemp(join(tmpdir(), 'ctb-e2e-history-100k-'));
    const seeded = seedHistory(dataDir, 100_000);
    // `--data-dir` given twice: the last one (the seeded folder) wins.
    const served = await startServe(['--data-dir', dataDir]);
    try {
      const t0 = Date.now();
      await page.goto(`${served.url}#/history`);
      await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
      const firstRowsMs = Date.now() - t0;
      await expect.poll(() => total(page)).toBe(100_000);
      await expect(rows(page).first()).toHaveAttribute('data-exchange-id', String(seeded.last));

      const list = page.getByTestId('history-screen-list');
      const t1 = Date.now();
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await expect(
        page.locator(`[data-testid=history-row][data-exchange-id="${seeded.first}"]`),
      ).toBeVisible();
      const scrollEndMs = Date.now() - t1;
      // Mid-list too: position 50,000 holds exchange #50,000 (newest first, ids 1..100,000).
      await list.evaluate((el) => (el.scrollTop = 50_000 * 36 - el.clientHeight / 2));
      await expect(page.locator(`[data-testid=history-row][data-exchange-id="50000"]`)).toBeVisible();

      // New exchanges land on top while the user reads the middle: the rows on screen stay put.
      const row = page.locator(`[data-testid=history-row][data-exchange-id="50000"]`);
      // Measured inside the list: the import's notice above it may move the whole list down.
      const offset = async () => (await row.boundingBox())!.y - (await list.boundingBox())!.y;
      const y = await offset();
      const har = { log: { version: '1.2', entries: [0, 1, 2].map((i) => harEntry(`live-${i}`)) } };
      await page.getByTestId('history-import-file').setInputFiles({
        name: 'live.har',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(har)),
      });
      await expect.poll(() => total(page)).toBe(100_003);
      await expect(row).toBeVisible();
      expect(Math.abs((await offset()) - y)).toBeLessThan(2);

      const t2 = Date.now();
      await page.getByTestId('history-filter-tool').selectOption('getProduct');
      await expect.poll(() => total(page)).toBeLessThan(100_003);
      await expect(rows(page).first()).toBeVisible();
      const filterMs = Date.now() - t2;
      for (const what of await rows(page).locator('.hrow__what').allTextContents())
        expect(what).toBe('tool.invoke getProduct');
      const t3 = Date.now();
      await page.getByTestId('history-filter-responseStatus').selectOption('500');
      await expect(rows(page).first().locator('.hrow__status')).toHaveText('500');
      const filter2Ms = Date.now() - t3;
      await page.getByTestId('history-search').fill('seed-req-4242');
      await expect.poll(() => total(page)).toBeLessThanOrEqual(1);
      console.log(
        `history 100k: first rows ${firstRowsMs} ms, scroll to end ${scrollEndMs} ms, tool filter ${filterMs} ms, +status filter ${filter2Ms} ms (engine-side: ${await page.getByTestId('history-total').getAttribute('data-filter-ms')} ms)`,
      );
    } finally {
      await served.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

function harEntry(requestId: string) {
  return {
    startedDateTime: new Date().toISOString(),
    time: 3,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:9/service',
      headers: [],
      postData: {
        mimeType: 'application/json',
        text: JSON.stringify({ type: 'ping', request_id: requestId }),
      },
    },
    response: {
      status: 200,
      headers: [],
      content: { mimeType: 'application/json', text: '{"type":"pong"}' },
    },
  };
}
