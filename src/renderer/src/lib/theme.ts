// The theme switch: light, dark or system, kept in localStorage and applied as data-theme on <html>
// (theme.css reads it); "system" removes the attribute so prefers-color-scheme decides, live.

import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
export const THEME_CHOICES: ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'ctb.theme';

const listeners = new Set<() => void>();
const systemQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function stored(): ThemeChoice {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice = typeof window === 'undefined' ? 'system' : stored();

function apply(): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Called once before the first render, so the page never flashes the other theme. */
export function initTheme(): void {
  apply();
  systemQuery().addEventListener('change', () => listeners.forEach((l) => l()));
}

export function setTheme(next: ThemeChoice): void {
  choice = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage refused (private mode): the choice still holds for this page.
  }
  apply();
  listeners.forEach((l) => l());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => choice);
}

/** What is on screen: the choice, or the system's when the choice is "system" (Monaco needs it). */
export function useEffectiveScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, () =>
    choice === 'system' ? (systemQuery().matches ? 'dark' : 'light') : choice,
  );
}
