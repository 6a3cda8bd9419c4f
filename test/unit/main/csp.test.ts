// The page's Content-Security-Policy exists twice: the header (Electron session, browser mode) and
// the meta tag in index.html (what a page opened any other way still obeys). Both must lock down
// plugins, <base> and form posts, and say the same thing.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src/bridge/csp.ts';

const html = readFileSync(new URL('../../../src/renderer/index.html', import.meta.url), 'utf8');
const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0], d.split(/\s+/).slice(1).join(' ')]),
  );
}

describe('Content-Security-Policy', () => {
  for (const [where, policy] of [
    ['header', CONTENT_SECURITY_POLICY],
    ['meta tag', meta],
  ] as const) {
    it(`forbids plugins, <base> rewrites and form posts in the ${where}`, () => {
      const d = directives(policy);
      expect(d.get('object-src')).toBe("'none'");
      expect(d.get('base-uri')).toBe("'none'");
      expect(d.get('form-action')).toBe("'none'");
      expect(d.get('script-src')).toBe("'self'");
      // Monaco injects its styles inline.
      expect(d.get('style-src')).toBe("'self' 'unsafe-inline'");
    });
  }

  it('says the same in the meta tag as in the header, but frame-ancestors (ignored in a meta tag)', () => {
    const header = directives(CONTENT_SECURITY_POLICY);
    header.delete('frame-ancestors');
    expect(Object.fromEntries(directives(meta))).toEqual(Object.fromEntries(header));
  });
});
