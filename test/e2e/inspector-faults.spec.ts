// The Inspector names the fault the testbench injected: a tampered body is told apart from a wrong
// secret and its changed byte is marked in the raw and hex views; a replay shows its first answer.

import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { registerDemoConnection, setEditorText, testAndSync } from './ui-steps.ts';

async function sendWithFault(page: Page, fault: 'fault-tamper-body' | 'fault-wrong-secret' | 'fault-replay') {
  await page.getByTestId('nav-console').click();
  await page.getByTestId('console-tool').selectOption('getProduct');
  await setEditorText(page, 'console-params', '{"sku": "SKU-1002"}');
  const controls = page.getByTestId('fault-controls');
  if ((await controls.getAttribute('open')) === null) await controls.locator('summary').click();
  // The wanted fault first, then the others off: the panel stays open while one fault is active.
  await page.getByTestId(fault).setChecked(true);
  for (const id of ['fault-tamper-body', 'fault-wrong-secret', 'fault-replay'])
    if (id !== fault && (await page.getByTestId(id).isChecked()))
      await page.getByTestId(id).setChecked(false);
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('response-status')).toBeVisible();
  await page.getByTestId('open-in-inspector').click();
  await expect(page).toHaveURL(/#\/inspector\/\d+/);
  return page.getByTestId('exchange-view');
}

test.describe('Inspector: injected faults', () => {
  // Three console sends after the demo setup: more than the default minute on a loaded machine.
  test.setTimeout(120_000);

  test('tells a tampered body from a wrong secret and marks the changed byte', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await testAndSync(page);

    const tampered = await sendWithFault(page, 'fault-tamper-body');
    await expect(tampered.getByTestId('injected-fault')).toHaveAttribute('data-fault-kind', 'tamper-body');
    await expect(tampered.getByTestId('injected-fault')).toContainText('the secret is right');
    // "SKU-1002": the last digit became "1", and that character is the one marked.
    await expect(tampered.getByTestId('request-body-mark')).toHaveText('1');
    await expect(tampered.getByTestId('request-body-content')).toContainText('SKU-1001');
    await tampered.getByTestId('request-body-tab-hex').click();
    await expect(tampered.getByTestId('request-body-mark')).toHaveText('31');
    await expect(tampered.getByTestId('request-body-mark-ascii')).toHaveText('1');
    // The local connector's record of it pairs by request_id: the bytes arrived as sent, and the
    // refusal is put on the injected fault, not on the two sides' secrets.
    await expect(tampered.getByTestId('sent-vs-received')).toHaveAttribute(
      'data-conclusion',
      'fault_injected',
    );
    await expect(tampered.getByTestId('pairing-summary')).toContainText(
      'one body byte changed after signing',
    );

    const wrong = await sendWithFault(page, 'fault-wrong-secret');
    await expect(wrong.getByTestId('injected-fault')).toHaveAttribute('data-fault-kind', 'wrong-secret');
    await expect(wrong.getByTestId('injected-fault')).toContainText('the body is intact');
    await expect(wrong.getByTestId('request-body-mark')).toHaveCount(0);
  });

  test('a replayed request shows the first answer next to the second', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await testAndSync(page);
    const view = await sendWithFault(page, 'fault-replay');
    await expect(view.locator('[data-testid=injected-fault][data-fault-kind=replay]')).toBeVisible();
    // The first delivery as sent (not the connector's record of it), judged on its own answer.
    await expect(view.getByTestId('replay-first-answer')).toContainText('1st answer: HTTP 200 (ok)');
    await view.getByTestId('replay-first-open').click();
    await expect(page.getByTestId('exchange-view')).toContainText('outgoing');
    await expect(page.getByTestId('exchange-verdict')).toHaveText('ok');
  });
});
