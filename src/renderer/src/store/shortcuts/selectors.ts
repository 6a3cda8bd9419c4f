// Derived views of the keyboard layer, as plain functions: the declared shortcuts by group.
// Components read derived values through these, so each is computed one way for every screen.

import { SHORTCUTS } from '../../lib/shortcuts.ts';
import type { Shortcut } from '../../lib/shortcuts.ts';

export function shortcutGroups(): Array<{ group: Shortcut['group']; items: Shortcut[] }> {
  const groups: Array<Shortcut['group']> = ['Go to', 'Actions', 'Panels'];
  return groups.map((group) => ({ group, items: SHORTCUTS.filter((s) => s.group === group) }));
}
