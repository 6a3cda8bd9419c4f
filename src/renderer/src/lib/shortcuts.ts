// The keyboard shortcuts, declared once: the global key handler matches against this list and the
// help panel lists it, so what the help says is what the keys do.

import type { RouteName } from '../store/ui/initialState.ts';

export type ShortcutAction =
  | { kind: 'navigate'; route: RouteName }
  | { kind: 'test-connection' }
  | { kind: 'sync-connection' }
  | { kind: 'focus-search' }
  | { kind: 'open-help' }
  | { kind: 'close-panel' }
  /** Handled where it applies (the console form and its editors), since it must work while typing. */
  | { kind: 'send' };

export interface Shortcut {
  /** Keys pressed one after the other, as `KeyboardEvent.key` values ("g" then "c"). */
  keys: string[];
  label: string;
  group: 'Go to' | 'Actions' | 'Panels';
  /** Where the action applies, when not everywhere. */
  where?: string;
  action: ShortcutAction;
}

const go = (key: string, route: RouteName, label: string): Shortcut => ({
  keys: ['g', key],
  label,
  group: 'Go to',
  action: { kind: 'navigate', route },
});

export const SHORTCUTS: readonly Shortcut[] = [
  go('c', 'business-tools', 'SDK Connections'),
  go('t', 'tools', 'Tools'),
  go('o', 'console', 'Console'),
  go('i', 'inspector', 'Inspector'),
  go('h', 'history', 'History'),
  go('l', 'local', 'Local connectors'),
  go('f', 'conformance', 'Conformance'),
  go('p', 'load', 'Load (performance)'),
  go('s', 'scenarios', 'Scenarios'),
  go('d', 'demo', 'Demo'),
  go('r', 'rotation', 'Rotation rehearsal'),
  go('w', 'live-traffic', 'Live traffic (on the wire)'),
  {
    keys: ['t'],
    label: 'Test the selected connection',
    group: 'Actions',
    where: 'SDK Connections',
    action: { kind: 'test-connection' },
  },
  {
    keys: ['s'],
    label: 'Sync tools of the selected connection',
    group: 'Actions',
    where: 'SDK Connections',
    action: { kind: 'sync-connection' },
  },
  {
    keys: ['/'],
    label: 'Focus the search field',
    group: 'Actions',
    where: 'screens with a search field',
    action: { kind: 'focus-search' },
  },
  {
    keys: ['Mod', 'Enter'],
    label: 'Send the request',
    group: 'Actions',
    where: 'Console, also inside its editors',
    action: { kind: 'send' },
  },
  { keys: ['?'], label: 'Show the keyboard shortcuts', group: 'Panels', action: { kind: 'open-help' } },
  { keys: ['Escape'], label: 'Close the open panel', group: 'Panels', action: { kind: 'close-panel' } },
];

/** How long after a prefix key ("g") the second key still counts. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export type Match = { shortcut: Shortcut } | { prefix: true } | null;

/**
 * What the key just pressed means, given the keys pressed before it in the current sequence.
 * Shortcuts with modifiers other than Shift are left to the browser and the screens.
 */
export function matchKey(pending: readonly string[], key: string): Match {
  const typed = [...pending, key];
  const candidates = SHORTCUTS.filter((s) => s.action.kind !== 'send' && startsWith(s.keys, typed));
  const exact = candidates.find((s) => s.keys.length === typed.length);
  if (exact) return { shortcut: exact };
  return candidates.length > 0 ? { prefix: true } : null;
}

function startsWith(keys: readonly string[], typed: readonly string[]): boolean {
  return typed.length <= keys.length && typed.every((k, i) => keys[i] === k);
}

/** The few element members read here; structural, so this module needs no DOM typings. */
interface ElementLike {
  tagName?: string;
  type?: string;
  closest?: (selector: string) => unknown;
}

/** True while the person is typing: text fields, selects, editable content, Monaco. */
export function isTypingTarget(target: unknown): boolean {
  const el = target as ElementLike | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.closest('.monaco-editor, [contenteditable=""], [contenteditable="true"]')) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    el.type ?? 'text',
  );
}

/** The key caps to show for a key, on this platform. */
export function keyCaps(key: string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl';
  if (key === 'Escape') return 'Esc';
  return key;
}
