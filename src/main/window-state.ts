// Remembers the window's size and position between launches in a small JSON file in the user
// data folder; a damaged file or a position on a display that is gone falls back to the default.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };
const MIN = { width: 720, height: 480 };

export const windowStateFile = (userDataDir: string): string => join(userDataDir, 'window-state.json');

export function loadWindowState(file: string, displays: Area[]): WindowState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  const r = raw as Partial<Record<keyof WindowState, unknown>>;
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (!num(r.width) || !num(r.height)) return { ...DEFAULT_WINDOW_STATE };
  const state: WindowState = {
    width: Math.max(MIN.width, Math.round(r.width as number)),
    height: Math.max(MIN.height, Math.round(r.height as number)),
    maximized: r.maximized === true,
  };
  if (num(r.x) && num(r.y)) {
    const bounds = {
      x: Math.round(r.x as number),
      y: Math.round(r.y as number),
      width: state.width,
      height: state.height,
    };
    // A window restored onto an unplugged monitor would be invisible: keep it only if it overlaps one.
    if (displays.some((d) => overlaps(bounds, d))) Object.assign(state, { x: bounds.x, y: bounds.y });
  }
  return state;
}

export function saveWindowState(file: string, state: WindowState): void {
  try {
    writeFileSync(file, JSON.stringify(state) + '\n', 'utf8');
  } catch {
    // Losing the window position is not worth an error dialog.
  }
}

function overlaps(a: Area, b: Area): boolean {
  const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return dx >= 100 && dy >= 50;
}
