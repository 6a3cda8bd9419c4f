// The secret rotation rehearsal against the real engine: the Demo catalog registered as a connection,
// then the four steps, with the timeline showing each ping's verdict and which secret matched.

import { test, expect } from './fixtures.ts';
import { registerDemoConnection } from './ui-steps.ts';

test('walks a rotation: calls fail under the old connector secret, then verify under [new, old] and [new]', async ({
  app,
}) => {
  const { page } = app;
  const oldSecret = await registerDemoConnection(page);
  await page.getByTestId('nav-rotation').click();
  await expect(page.getByTestId('rotation-screen')).toBeVisible();
  await expect(page.getByTestId('rotation-connection')).not.toHaveValue('');
  await page.getByTestId('rotation-start').click();

  const calls = page.getByTestId('rotation-call');
  await expect(calls).toHaveCount(1);
  await expect(calls.nth(0)).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('rotation-grace-ends')).toHaveText('no grace');

  await page.getByTestId('rotation-step-1').click();
  await expect(page.getByTestId('rotation-new-secret')).toContainText('whsec_');
  const newSecret = (
    (await page.getByTestId('rotation-new-secret').locator('code').textContent()) ?? ''
  ).trim();
  expect(newSecret).not.toBe(oldSecret);
  await expect(calls).toHaveCount(2);
  await expect(calls.nth(1)).toHaveAttribute('data-ok', 'false');
  await expect(calls.nth(1)).toContainText('invalid_signature');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('rotation-new-secret')).toHaveCount(0);

  await page.getByTestId('rotation-step-2').click();
  await expect(calls).toHaveCount(3);
  await page.getByTestId('rotation-ping').click();
  await expect(calls).toHaveCount(4);
  await expect(calls.nth(3)).toHaveAttribute('data-ok', 'false');

  await page.getByTestId('rotation-step-3').click();
  await expect(calls).toHaveCount(5);
  await expect(calls.nth(4)).toHaveAttribute('data-ok', 'true');
  await expect(calls.nth(4)).toContainText('#0');
  await expect(page.getByTestId('rotation-connector-secrets').locator('code')).toHaveCount(2);

  await page.getByTestId('rotation-step-4').click();
  await expect(page.getByTestId('rotation-done')).toBeVisible();
  await expect(calls).toHaveCount(6);
  await expect(calls.nth(5)).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('rotation-connector-secrets').locator('code')).toHaveCount(1);
  await expect(page.getByTestId('rotation-previous')).toHaveText('—');
  expect(await page.content()).not.toMatch(/whsec_[0-9a-f]{16,}/);
});

test('shows the grace period on the connection: calls keep verifying with the previous secret', async ({
  app,
}) => {
  const { page } = app;
  await registerDemoConnection(page);
  await page.getByTestId('nav-rotation').click();
  await page.getByTestId('rotation-grace').fill('600');
  await page.getByTestId('rotation-start').click();
  await expect(page.getByTestId('rotation-call')).toHaveCount(1);
  await page.getByTestId('rotation-step-1').click();
  await expect(page.getByTestId('rotation-state')).toHaveAttribute('data-state', 'grace');
  await expect(page.getByTestId('rotation-signing')).toContainText('previous');
  await expect(page.getByTestId('rotation-grace-ends')).toHaveText(/^\d{4}-\d\d-\d\dT/);
  await expect(page.getByTestId('rotation-call').nth(1)).toHaveAttribute('data-ok', 'true');

  // On the connection itself: the grace, until when, and which secret the platform signs with.
  await page.getByTestId('nav-business-tools').click();
  const note = page.getByTestId('connection-rotation');
  await expect(note).toHaveAttribute('data-state', 'grace');
  await expect(note).toContainText('still signs with the previous secret');
  await expect(page.getByTestId('connection-grace-ends')).not.toBeEmpty();
});
