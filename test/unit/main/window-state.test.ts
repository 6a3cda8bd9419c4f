// The remembered window place (restored when it still fits a display, forgotten when the file is
// damaged or its display is gone) and which data folder the desktop app opens.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from '../../../src/main/window-state.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).fakeElectron);

const DISPLAY = [{ x: 0, y: 0, width: 1920, height: 1080 }];

describe('window state', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ctb-winstate-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('restores what was saved', () => {
    const file = join(dir, 'w.json');
    saveWindowState(file, { x: 100, y: 50, width: 1000, height: 700, maximized: true });
    expect(loadWindowState(file, DISPLAY)).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it('drops a position on a display that is no longer there', () => {
    const file = join(dir, 'w.json');
    saveWindowState(file, { x: 4000, y: 50, width: 1000, height: 700, maximized: false });
    expect(loadWindowState(file, DISPLAY)).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('falls back to the default size for a damaged file', async () => {
    const file = join(dir, 'w.json');
    await writeFile(file, '{"width": "wide"');
    expect(loadWindowState(file, DISPLAY)).toEqual(DEFAULT_WINDOW_STATE);
    expect(loadWindowState(join(dir, 'missing.json'), DISPLAY)).toEqual(DEFAULT_WINDOW_STATE);
  });
});

describe('the desktop data folder', () => {
  it('comes from --data-dir, then $CTB_DATA_DIR, then userData', async () => {
    const { dataDirFromArgv } = await import('../../../src/main/app.ts');
    expect(dataDirFromArgv(['electron', '.', '--data-dir', '/d1'], '/ud', { CTB_DATA_DIR: '/env' })).toBe(
      '/d1',
    );
    expect(dataDirFromArgv(['electron', '.', '--data-dir=/d2'], '/ud', {})).toBe('/d2');
    expect(dataDirFromArgv(['electron', '.'], '/ud', { CTB_DATA_DIR: '/env' })).toBe('/env');
    expect(dataDirFromArgv(['electron', '.'], '/ud', {})).toBe('/ud');
  });
});
