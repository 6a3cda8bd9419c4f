// Whether bare `ctb` can open the desktop window, decided from files and the environment alone
// (never by requiring electron, which would start a download), with the reason when it cannot.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronAvailability } from '../../../src/cli/desktop-launch.ts';

describe('electronAvailability', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'ctb-launch-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  async function installBinary(): Promise<void> {
    await mkdir(join(root, 'node_modules/electron/dist'), { recursive: true });
    await writeFile(join(root, 'node_modules/electron/path.txt'), 'electron');
    await writeFile(join(root, 'node_modules/electron/dist/electron'), '');
  }

  it('says the binary is not installed when path.txt is missing', () => {
    expect(electronAvailability(root, { DISPLAY: ':0' }, 'linux')).toEqual({
      ok: false,
      reason: 'Electron binary not installed (node_modules/electron/path.txt missing)',
    });
  });

  it('needs a display on Linux', async () => {
    await installBinary();
    await mkdir(join(root, 'out/main'), { recursive: true });
    await writeFile(join(root, 'out/main/index.js'), '');
    expect(electronAvailability(root, {}, 'linux')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no display'),
    });
    expect(electronAvailability(root, { WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toEqual({
      ok: true,
      binary: join(root, 'node_modules/electron/dist/electron'),
    });
    expect(electronAvailability(root, {}, 'darwin')).toMatchObject({ ok: true });
  });

  it('needs the built main bundle', async () => {
    await installBinary();
    expect(electronAvailability(root, { DISPLAY: ':0' }, 'linux')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('npm run build'),
    });
  });
});
