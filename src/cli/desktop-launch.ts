// Whether the desktop window can open here, decided without `require('electron')` (which would
// start a binary download): the binary's path.txt, a display on Linux, and a built main bundle.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronAvailability = { ok: true; binary: string } | { ok: false; reason: string };

export function electronAvailability(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronAvailability {
  const pathTxt = join(root, 'node_modules/electron/path.txt');
  if (!existsSync(pathTxt))
    return { ok: false, reason: 'Electron binary not installed (node_modules/electron/path.txt missing)' };
  const binary = join(root, 'node_modules/electron/dist', readFileSync(pathTxt, 'utf8').trim());
  if (!existsSync(binary)) return { ok: false, reason: `Electron binary not found at ${binary}` };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { ok: false, reason: 'no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  if (!existsSync(join(root, 'out/main/index.js')))
    return {
      ok: false,
      reason: 'the desktop app is not built (out/main/index.js missing; run npm run build)',
    };
  return { ok: true, binary };
}

/** Runs the desktop app until its window closes; resolves with Electron's exit code. */
export function runDesktop(root: string, binary: string, dataDir: string | undefined): Promise<number> {
  const args = [root, ...(dataDir ? ['--data-dir', dataDir] : [])];
  return new Promise((resolveRun, reject) => {
    const child = spawn(binary, args, {
      stdio: 'inherit',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: undefined },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

/** Opens a URL with the system's opener; a missing opener is fine (the URL is printed anyway). */
export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): void {
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener on this machine: the printed URL is the fallback.
  }
}
