// The guided demo an organization admin is shown, against the real engine: every step from the
// connection to the approved quotation, the four chat tool calls, no secret on the page, restart.

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { screens } from './ui-steps.ts';

const SECRET = /whsec_[0-9a-f]{16,}/;

/** Nothing that looks like a signing secret anywhere in the page, text or attributes. */
async function expectNoSecret(page: Page): Promise<void> {
  expect(await page.content()).not.toMatch(SECRET);
  expect(await page.locator('body').innerText()).not.toMatch(SECRET);
}

async function runAndNext(page: Page, step: string, shoot: boolean): Promise<void> {
  await expect(page.getByTestId(`demo-step-${step}`)).toBeVisible();
  await expect(page.getByTestId('demo-why')).not.toBeEmpty();
  await page.getByTestId('demo-run').click();
  await expect(page.getByTestId(`demo-stepper-${step}`)).toHaveAttribute('data-done', 'true');
  await expectNoSecret(page);
  if (shoot) await screens(page, `demo-${step}`);
  await page.getByTestId('demo-next').click();
}

/** The whole walk, from an empty testbench to the approved quotation. */
async function walk(page: Page, shoot: boolean): Promise<void> {
  await expect(page.getByTestId('demo-step-connect')).toBeVisible();
  await expect(page.getByTestId('demo-next')).toBeDisabled();
  if (shoot) await screens(page, 'demo-start');

  await page.getByTestId('demo-run').click();
  await expect(page.getByTestId('demo-connection')).toContainText('Demo catalog (demo)');
  await expect(page.getByTestId('demo-secret')).toHaveText('•••• (kept by the platform)');
  await expectNoSecret(page);
  if (shoot) await screens(page, 'demo-connect');
  await page.getByTestId('demo-next').click();

  await runAndNext(page, 'test', false);
  // (the test step's own assertions are checked on the way back below)

  await expect(page.getByTestId('demo-step-workspace')).toBeVisible();
  await expect(page.getByTestId('demo-run')).toBeDisabled();
  await page.getByTestId('demo-workspace-Default').check({ force: true });
  await runAndNext(page, 'workspace', shoot);

  await expect(page.getByTestId('demo-step-sync')).toBeVisible();
  await page.getByTestId('demo-run').click();
  await expect(page.getByTestId('demo-sync-new')).toHaveText('6 new');
  await expect(page.locator('[data-testid=demo-tool][data-chat=true]')).toHaveCount(4);
  const offChat = page.locator('[data-testid=demo-tool][data-chat=false]');
  await expect(offChat).toHaveCount(2);
  await expect(offChat.first()).toContainText('approveQuotation');
  await expect(offChat.first()).toContainText('chat: false');
  if (shoot) await screens(page, 'demo-sync');
  await page.getByTestId('demo-next').click();

  await expect(page.getByTestId('demo-step-chat')).toBeVisible();
  await page.getByTestId('demo-run').click();
  await expect(page.getByTestId('demo-stepper-chat')).toHaveAttribute('data-done', 'true', {
    timeout: 20_000,
  });
  const calls = page.getByTestId('tool-call');
  await expect(calls).toHaveCount(4);
  expect(await calls.evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')))).toEqual([
    'searchProducts',
    'getProduct',
    'calculateQuote',
    'createQuotation',
  ]);
  await expect(page.locator('[data-testid=tool-call][data-ok=true]')).toHaveCount(4);
  await expect(page.getByTestId('bubble-customer')).toHaveCount(4);
  await expect(page.getByTestId('bubble-assistant')).toHaveCount(4);
  await expect(page.getByTestId('bubble-assistant').last()).toContainText('Q-000001');
  // Unfold the last call: the signed request (v1 signature, whatsapp channel) and its result.
  const last = calls.last();
  await last.locator('summary').click();
  await expect(last.getByTestId('tool-call-headers')).toContainText(/x-service-signature\s*v1=[0-9a-f]{64}/);
  await expect(last.getByTestId('tool-call-request')).toContainText('"channel": "whatsapp"');
  await expect(last.getByTestId('tool-call-result')).toContainText('"status": "pending_approval"');
  await expectNoSecret(page);
  if (shoot) await screens(page, 'demo-chat');
  await page.getByTestId('demo-next').click();

  await expect(page.getByTestId('demo-step-approve')).toBeVisible();
  const event = page.locator('[data-testid=demo-event][data-event-id="quotation.created"]');
  await expect(event).toHaveCount(1);
  await expect(event).toContainText('Quotation created');
  await expect(event).toContainText('Q-000001');
  const task = page.getByTestId('demo-task');
  await expect(task).toContainText('Approve quotation');
  await expect(task.getByTestId('demo-task-priority')).toHaveText('priority high');
  if (shoot) await screens(page, 'demo-approve');
  await task.getByTestId('demo-approve').click();
  await expect(task.getByTestId('demo-approved')).toHaveText('approved');
  await expect(task).toHaveAttribute('data-approved', 'true');
  await expect(page.getByTestId('demo-finished')).toBeVisible();
  await expectNoSecret(page);
  if (shoot) await screens(page, 'demo-approved');
}

test.describe('Demo', () => {
  test('walks from a new connection to the approved quotation, then restarts and walks again', async ({
    app,
  }) => {
    test.setTimeout(120_000);
    const page = app.page;
    await page.getByTestId('nav-demo').click();
    await walk(page, true);

    // Back through the steps: each kept what the engine answered.
    for (let i = 0; i < 4; i++) await page.getByTestId('demo-back').click();
    await expect(page.getByTestId('demo-step-test')).toBeVisible();
    await expect(page.getByTestId('demo-test-status')).toHaveText('healthy');
    await expect(page.getByTestId('demo-test-latency')).toHaveText(/^\d+(\.\d+)? ms$/);
    await expect(page.getByTestId('demo-test-offset')).toHaveText(/^[+-]?\d+(\.\d+)? s$/);
    await screens(page, 'demo-test');

    // The demo's connection sits among the SDK Connections, secret never shown there either.
    await page.getByTestId('nav-business-tools').click();
    await expect(page.getByTestId('connection-item')).toHaveCount(1);
    await expect(page.getByTestId('connection-item')).toContainText('Demo catalog (demo)');

    await page.getByTestId('nav-demo').click();
    await page.getByTestId('demo-restart').click();
    await expect(page.getByTestId('demo-step-connect')).toBeVisible();
    await expect(page.getByTestId('demo-connection')).toHaveCount(0);
    await expect(page.locator('[data-testid^=demo-stepper-][data-done=true]')).toHaveCount(0);
    await page.getByTestId('nav-business-tools').click();
    await expect(page.getByTestId('connections-empty')).toBeVisible();

    await page.getByTestId('nav-demo').click();
    await walk(page, false);
  });

  test('refuses to take over a connection of the same name it did not create', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('cc-name').fill('Demo catalog (demo)');
    await page.getByTestId('cc-url').fill('https://connector.example.com/service');
    await page.getByTestId('cc-submit').click();
    await page.getByTestId('secret-dismiss').click();
    await page.getByTestId('nav-demo').click();
    await page.getByTestId('demo-run').click();
    await expect(page.getByTestId('demo-error')).toHaveAttribute('data-error-code', 'name_taken');
    await page.getByTestId('demo-restart').click();
    await page.getByTestId('nav-business-tools').click();
    await expect(page.getByTestId('connection-item')).toHaveCount(1);
  });
});
