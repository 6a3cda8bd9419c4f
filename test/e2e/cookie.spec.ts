// Browser mode's session as a new user meets it: the printed URL sets an HttpOnly cookie and lands
// on the clean address; reloads and new tabs work; without the cookie the page only says what to do.

import { expect, test } from './fixtures.ts';

test.describe('session cookie', () => {
  test('the first visit trades the token for a cookie and a clean address bar', async ({ app }) => {
    const { page, origin } = app;
    expect(page.url()).toBe(`${origin}/`);
    const cookies = await page.context().cookies(origin);
    const session = cookies.find((c) => c.name.startsWith('ctb_session_'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    // The page's script cannot read it.
    expect(await page.evaluate('document.cookie')).not.toContain('ctb_session_');
    await expect(page.getByTestId('app-info')).toContainText('browser');
  });

  test('a reload and a new tab at the clean address open the working app', async ({ app }) => {
    const { page, origin } = app;
    await page.getByTestId('nav-console').click();
    await page.reload();
    await expect(page.locator('#root[data-app-state="ready"]')).toBeVisible();
    await expect(page.getByTestId('nav-console')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('boot-error')).toHaveCount(0);

    const tab = await page.context().newPage();
    await tab.goto(`${origin}/#/history`);
    await expect(tab.locator('#root[data-app-state="ready"]')).toBeVisible();
    await expect(tab.getByTestId('nav-history')).toHaveAttribute('aria-current', 'page');
    await expect(tab.getByTestId('boot-error')).toHaveCount(0);
    await tab.close();
  });

  test('a browser without the cookie sees only how to open the app', async ({ app, browser }) => {
    const stranger = await browser.newContext();
    try {
      const page = await stranger.newPage();
      const response = await page.goto(`${app.origin}/#/business-tools`);
      expect(response?.status()).toBe(401);
      await expect(page.getByTestId('session-required')).toContainText('ctb serve');
      await expect(page.getByRole('button')).toHaveCount(0);
      await expect(page.getByTestId('nav-business-tools')).toHaveCount(0);

      const wrong = await page.goto(`${app.origin}/?token=not-the-token`);
      expect(wrong?.status()).toBe(403);
      await expect(page.getByTestId('session-required')).toBeVisible();
      expect(await stranger.cookies(app.origin)).toHaveLength(0);
    } finally {
      await stranger.close();
    }
  });
});
