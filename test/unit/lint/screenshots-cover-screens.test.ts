// The README promises screenshots of every screen: `npm run screenshots`, the deep-link and layout
// specs walk lib/route.ts's SCREENS, so a screen the navigation offers must be in that list.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../src/renderer/src/lib/route.ts';

describe('the list of screens', () => {
  it('holds every screen of the navigation, in its order', () => {
    const app = readFileSync('src/renderer/src/App.tsx', 'utf8');
    const nav = [...app.slice(app.indexOf('const SCREENS')).matchAll(/\bname: '([a-z-]+)'/g)].map(
      (m) => m[1],
    );
    expect(nav.length).toBeGreaterThan(10);
    expect(nav).toEqual([...SCREENS]);
  });

  it('is the list npm run screenshots takes', () => {
    const script = readFileSync('scripts/screenshots.ts', 'utf8');
    expect(script).toContain("import { SCREENS } from '../src/renderer/src/lib/route.ts'");
    expect(script).toMatch(/for \(const name of SCREENS\)/);
  });
});
