// Scenarios screen: open a copy of the shipped collection, run it all against the Demo catalog local
// connector (all pass), break one expectation in the editor and see expected/actual, save a Console answer.

import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { registerDemoConnection, screens, setEditorText, startDemo, testAndSync } from './ui-steps.ts';

const EXAMPLES = resolve(import.meta.dirname, '../../examples/scenarios/demo-catalog');

/**
 * Opens a collection folder the way a person does, once the screen has put its default folder in
 * the field: typing while that default is still landing raced it (the field read default + typed).
 */
async function openCollection(page: Page, folder: string): Promise<void> {
  await expect(page.getByTestId('scenarios-folder')).not.toHaveValue('');
  await page.getByTestId('scenarios-folder').fill(folder);
  await page.getByTestId('scenarios-open').click();
}

test.describe('Scenarios', () => {
  let folder = '';
  test.beforeEach(async () => {
    // A copy: the test edits files, and the shipped examples must stay as they are.
    folder = join(await mkdtemp(join(tmpdir(), 'ctb-e2e-scenarios-')), 'demo-catalog');
    await cp(EXAMPLES, folder, { recursive: true });
    // The shipped ping bounds its duration; a test on a shared machine must not hang on the wall clock.
    await writeFile(
      join(folder, '01-ping.yaml'),
      'name: ping answers pong\nrequest: { type: ping }\nexpect: { status: 200, type: pong }\n',
    );
  });
  test.afterEach(async () => {
    await rm(resolve(folder, '..'), { recursive: true, force: true });
  });

  test('runs the collection green, then shows a broken expectation as expected against actual', async ({
    app,
  }) => {
    const page = app.page;
    await startDemo(page);
    await page.getByTestId('nav-scenarios').click();
    await openCollection(page, folder);
    await expect(page.getByTestId('scenarios-file')).toHaveCount(17);
    await expect(page.getByTestId('run-target-local')).toContainText('Demo catalog (running)');

    await page.getByTestId('scenarios-run-all').click();
    await expect(page.getByTestId('scenarios-counts')).toHaveText(/^\d+ passed, 0 failed$/, {
      timeout: 30_000,
    });
    await expect(page.locator('[data-testid=scenario-step][data-passed=false]')).toHaveCount(0);

    await page.locator('[data-testid=scenarios-file][data-name="22-fault-wrong-secret.yaml"]').click();
    await expect(page.getByTestId('scenarios-editing')).toHaveText('22-fault-wrong-secret.yaml');
    await setEditorText(
      page,
      'scenarios-editor',
      'name: wrong secret expected to pass\nrequest: { type: tool.invoke, tool: getProduct, parameters: { sku: SKU-1001 } }\nfaults: { wrong-secret: true }\nexpect: { status: 200 }\n',
    );
    await page.getByTestId('scenarios-save').click();
    await expect(page.getByTestId('scenarios-save')).toBeDisabled();
    await expect(page.getByTestId('scenarios-problem')).toHaveCount(0);
    await page.getByTestId('scenarios-run-one').click();
    const step = page.locator('[data-testid=scenario-step][data-passed=false]');
    await expect(step).toHaveCount(1, { timeout: 30_000 });
    const status = step.locator('[data-testid=scenario-mismatch][data-field=status]');
    await expect(status.getByTestId('scenario-mismatch-expected')).toHaveText('200');
    await expect(status.getByTestId('scenario-mismatch-actual')).toHaveText('401');
    await expect(step.getByTestId('scenario-step-diagnosis')).toContainText('signature_mismatch');
    await screens(page, 'scenarios');

    // A YAML mistake is named with its line when saved.
    await setEditorText(page, 'scenarios-editor', 'name: typo\nrequest:\n  type: pong\n');
    await page.getByTestId('scenarios-save').click();
    await expect(page.getByTestId('scenarios-problem')).toContainText('22-fault-wrong-secret.yaml:3');
  });

  test('completes a YAML scenario from its JSON Schema: field names, then their values', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('nav-scenarios').click();
    // The screen opens on the shipped examples first; then the copy.
    await expect(page.getByTestId('scenarios-file').first()).toBeVisible();
    await openCollection(page, folder);
    await expect(page.getByTestId('scenarios-file')).toHaveCount(17);
    await page.locator('[data-testid=scenarios-file][data-name="01-ping.yaml"]').click();
    await setEditorText(page, 'scenarios-editor', 'name: completed\nrequest:\n  ty');
    const suggest = page.locator('.suggest-widget');
    await page.keyboard.press('ControlOrMeta+Space');
    await expect(suggest).toContainText('type');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+Space');
    for (const type of ['tool.invoke', 'ping', 'capabilities.list', 'tools.list'])
      await expect(suggest).toContainText(type);
    await page.keyboard.press('Escape');
    // A one-line flow map, as the shipped files write faults.
    await setEditorText(
      page,
      'scenarios-editor',
      'name: completed\nrequest: { type: ping }\nfaults: { tamper',
    );
    await page.keyboard.press('ControlOrMeta+Space');
    await expect(suggest).toContainText('tamper-body');
    await expect(suggest).not.toContainText('wrong-secret');
  });

  test('saves a Console answer as a scenario and opens it in the editor', async ({ app }) => {
    const page = app.page;
    await registerDemoConnection(page);
    await testAndSync(page);
    await page.getByTestId('nav-scenarios').click();
    await openCollection(page, folder);
    await expect(page.getByTestId('scenarios-file')).toHaveCount(17);

    await page.getByTestId('nav-console').click();
    await page.getByTestId('console-tool').selectOption('getProduct');
    await setEditorText(page, 'console-params', '{"sku": "SKU-1001"}');
    await page.getByTestId('console-send').click();
    await expect(page.getByTestId('response-status')).toHaveText('HTTP 200');
    await page.getByTestId('save-as-scenario').click();

    await expect(page.getByTestId('screen-scenarios')).toBeVisible();
    await expect(page.getByTestId('scenarios-file')).toHaveCount(18);
    await expect(page.getByTestId('scenarios-editing')).toHaveText(/^getProduct-\d+\.yaml$/);
    await expect(page.getByTestId('scenarios-editor')).toContainText('SKU-1001');
    await page.getByTestId('run-target-kind-connection').check({ force: true });
    await page.getByTestId('scenarios-run-one').click();
    await expect(page.getByTestId('scenarios-counts')).toHaveText('1 passed, 0 failed', { timeout: 30_000 });
  });
});
