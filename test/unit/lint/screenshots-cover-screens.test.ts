// The README promises screenshots of every screen: `npm run screenshots` must list every route the
// navigation offers, so a screen added later cannot be left out of docs/screenshots/.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();

describe('npm run screenshots', () => {
  it('takes every screen of the navigation', () => {
    const app = readFileSync('src/renderer/src/App.tsx', 'utf8');
    const nav = names(app.slice(app.indexOf('const SCREENS')), /\bname: '([a-z-]+)'/g);
    const script = readFileSync('scripts/screenshots.ts', 'utf8');
    const list = script.slice(
      script.indexOf('const SCREENS'),
      script.indexOf('];', script.indexOf('const SCREENS')),
    );
    expect(nav.length).toBeGreaterThan(10);
    expect(names(list, /'([a-z-]+)'/g)).toEqual(nav);
  });
});
