// Browser mode's session: the printed `?token=` URL is traded once for an HttpOnly, SameSite=Strict
// cookie and a redirect to the clean URL (as Jupyter does), so reloads, new tabs and bookmarks work.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { tokenMatches } from './http-guard.ts';

/** Cookies ignore ports: the name carries it, so two `ctb serve` on one host keep their own. */
export function sessionCookieName(port: number): string {
  return `ctb_session_${port}`;
}

export function cookieOf(req: Pick<IncomingMessage, 'headers'>, name: string): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function hasSession(req: Pick<IncomingMessage, 'headers'>, port: number, token: string): boolean {
  return tokenMatches(cookieOf(req, sessionCookieName(port)), token);
}

/**
 * Answers a page request whose query carries `token`: a right one sets the cookie and redirects to
 * the same address without it (the browser keeps the #fragment); a wrong one gets the notice page.
 */
export function tradeTokenForCookie(res: ServerResponse, url: URL, port: number, token: string): void {
  const given = url.searchParams.get('token');
  if (!tokenMatches(given, token)) return sendSessionNotice(res, 403, 'This link’s token is not valid.');
  url.searchParams.delete('token');
  res.statusCode = 303;
  res.setHeader('set-cookie', `${sessionCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('location', url.pathname + url.search);
  res.end();
}

/**
 * The whole page without a session: a message saying how to get one, and nothing that looks live
 * (no scripts, no buttons), so a stale tab or a bookmark cannot pass for a working app.
 */
export function sendSessionNotice(res: ServerResponse, status: number, reason: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
<title>Connector Testbench: open the app from its link</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:15vh auto;padding:0 1.5rem}
code{background:rgba(127,127,127,.15);padding:.1em .35em;border-radius:4px}</style></head>
<body data-app-state="no-session"><main data-testid="session-required">
<h1>Open Connector Testbench from its link</h1>
<p>${reason}</p>
<p>This server only answers to the browser that opened the link it printed when it started.
Run <code>ctb serve</code> and open the URL it prints (<code>http://127.0.0.1:&lt;port&gt;/?token=…</code>);
after that, reloads, new tabs and bookmarks of this address work until the server stops.</p>
</main></body></html>`;
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(html));
  res.end(html);
}
