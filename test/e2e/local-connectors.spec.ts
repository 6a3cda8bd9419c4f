// Local connectors: a definition with a schema error is refused inline with its path, then the
// connector starts and its live log shows the request it receives.

import { test, expect } from './fixtures.ts';
import { screens, setEditorText } from './ui-steps.ts';

const BROKEN = JSON.stringify({
  name: 'Echo',
  signingSecret: 'whsec_local_test_secret',
  tools: [{ name: 'echo', description: 'Echo', behaviour: { type: 'static' } }],
});

const GOOD = JSON.stringify({
  name: 'Echo',
  signingSecret: 'whsec_local_test_secret',
  tools: [
    {
      name: 'echo',
      description: 'Answers its text',
      input_schema: { type: 'object', properties: { text: { type: 'string' } } },
      behaviour: { type: 'static', output: { echo: '{{parameters.text}}' } },
    },
  ],
});

test.describe('Local connectors', () => {
  test('shows a schema error inline, then starts the connector and logs a live request', async ({ app }) => {
    const page = app.page;
    await page.getByTestId('nav-local').click();
    await expect(page.locator('[data-testid=local-item][data-local-name="Demo catalog"]')).toBeVisible();

    await page.getByTestId('local-new').click();
    await setEditorText(page, 'local-editor', BROKEN);
    await page.getByTestId('local-save').click();
    await expect(page.getByTestId('local-save-error')).toHaveAttribute(
      'data-error-code',
      'invalid_definition',
    );
    await expect(
      page.locator('[data-testid=local-problem][data-path^="/tools/0/behaviour"]').first(),
    ).toBeVisible();
    await screens(page, 'local-invalid');

    await setEditorText(page, 'local-editor', GOOD);
    await page.getByTestId('local-save').click();
    await expect(page.getByTestId('local-save-state')).toHaveText('Saved');
    const echo = page.locator('[data-testid=local-item][data-local-name="Echo"]');
    await echo.getByTestId('local-start').click();
    await expect(echo).toHaveAttribute('data-running', 'true');
    await expect(page.getByTestId('local-log-empty')).toBeVisible();

    await page.getByTestId('nav-console').click();
    await page.getByTestId('target-kind-local').check({ force: true });
    await page.getByTestId('target-local').selectOption({ label: 'Echo (running)' });
    await page.getByTestId('console-tool').selectOption('echo');
    await setEditorText(page, 'console-params', '{"text": "hello"}');
    await page.getByTestId('console-send').click();
    await expect(page.getByTestId('response-body-content')).toContainText('hello');

    await page.getByTestId('nav-local').click();
    await echo.getByTestId('local-select').click();
    const line = page.getByTestId('local-log-item').first();
    await expect(line).toContainText('tool.invoke echo');
    await screens(page, 'local-running');
    await line.click();
    await expect(page).toHaveURL(/#\/inspector\/\d+/);
    await expect(page.getByTestId('exchange-view')).toBeVisible();

    await page.getByTestId('nav-local').click();
    await echo.getByTestId('local-stop').click();
    await expect(echo).toHaveAttribute('data-running', 'false');
  });
});
