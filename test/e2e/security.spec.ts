// Browser mode's security as a real browser meets it: the token leaves the address bar, and the API
// refuses a missing or wrong token, a foreign Origin, a foreign Host and another site's page.

import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import { test, expect, startServe } from './fixtures.ts';
import type { ServeHandle } from './fixtures.ts';

/** node:http: browsers and Playwright's request context will not forge a Host header. */
function post(port: number, path: string, headers: Record<string, string>, method = 'POST'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('the page keeps its token out of the address bar and talks to the engine', async ({ app }) => {
  const { page } = app;
  await expect.poll(() => new URL(page.url()).searchParams.get('token')).toBeNull();
  // The page holds no token: the server traded it for an HttpOnly cookie, which a reload sends again.
  expect(await page.evaluate('JSON.stringify({ ...sessionStorage }) + document.cookie')).not.toContain(
    app.token,
  );
  await page.reload();
  await expect(page.locator('[data-app-state="ready"]').first()).toBeVisible();
});

test.describe('the API refuses strangers', () => {
  let served: ServeHandle;
  let port: number;
  test.beforeAll(async () => {
    served = await startServe();
    port = Number(new URL(served.origin).port);
  });
  test.afterAll(() => served?.stop());

  test('accepts the right token from the right host and origin', async () => {
    expect(
      await post(port, '/api/call/app:get-info', {
        'x-ctb-token': served.token,
        host: `127.0.0.1:${port}`,
        origin: served.origin,
      }),
    ).toBe(200);
  });

  test('refuses a missing or wrong token with 403', async () => {
    expect(await post(port, '/api/call/app:get-info', { host: `127.0.0.1:${port}` })).toBe(403);
    expect(
      await post(port, '/api/call/app:get-info', { host: `127.0.0.1:${port}`, 'x-ctb-token': 'wrong' }),
    ).toBe(403);
  });

  test('refuses a foreign Origin and a foreign Host with 403', async () => {
    expect(
      await post(port, '/api/call/app:get-info', {
        'x-ctb-token': served.token,
        host: `127.0.0.1:${port}`,
        origin: 'https://evil.example',
      }),
    ).toBe(403);
    expect(
      await post(port, '/api/call/app:get-info', {
        'x-ctb-token': served.token,
        host: `evil.example:${port}`,
      }),
    ).toBe(403);
  });

  test('a page of another site cannot call the API, even knowing the token', async ({ page }) => {
    const evil: Server = createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilPort = (evil.address() as { port: number }).port;
    try {
      await page.goto(`http://127.0.0.1:${evilPort}/`);
      const outcome = await page.evaluate(
        async ({ origin, token }) => {
          try {
            const res = await fetch(`${origin}/api/call/org:set-plan`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-ctb-token': token },
              body: JSON.stringify({ plan: 'free' }),
            });
            return `status ${res.status}`;
          } catch {
            return 'blocked';
          }
        },
        { origin: served.origin, token: served.token },
      );
      // The preflight met a 403 (foreign Origin): the browser never sent the call itself.
      expect(outcome).toBe('blocked');
      const plan = await page.request.post(`${served.origin}/api/call/org:get`, {
        headers: { 'content-type': 'application/json', 'x-ctb-token': served.token },
      });
      expect((await plan.json()).data.plan).toBe('premium');
    } finally {
      evil.close();
    }
  });

  test('serves the UI with a CSP that forbids framing and foreign scripts', async ({ request }) => {
    const res = await request.get(`${served.origin}/`, {
      headers: { cookie: `ctb_session_${port}=${served.token}` },
    });
    expect(res.status()).toBe(200);
    const csp = res.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers()['referrer-policy']).toBe('no-referrer');
  });

  test('guards the mock platform API port with the same token, Host and Origin checks', async ({
    request,
  }) => {
    const info = await request.post(`${served.origin}/api/call/app:get-info`, {
      headers: { 'content-type': 'application/json', 'x-ctb-token': served.token },
    });
    const platformPort = Number(new URL((await info.json()).data.platformUrl).port);
    const host = `127.0.0.1:${platformPort}`;
    const get = (headers: Record<string, string>) => post(platformPort, '/openapi.json', headers, 'GET');
    expect(await get({ host, 'x-ctb-token': served.token })).toBe(200);
    expect(await get({ host })).toBe(403);
    expect(await get({ host: `evil.example:${platformPort}`, 'x-ctb-token': served.token })).toBe(403);
    expect(await get({ host, origin: 'https://evil.example', 'x-ctb-token': served.token })).toBe(403);
  });
});
