// Bare `ctb` (the desktop window, or browser mode when Electron cannot run here) and `ctb serve`
// (browser mode: engine + built UI on 127.0.0.1, the URL carrying a per-launch token).

import type { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.ts';
import { parsePort } from '../options.ts';
import { packageRoot } from '../package-info.ts';
import { out } from '../render.ts';
import { listenError } from '../serving.ts';
import { SEED_PASSWORD_ENV } from './platform.ts';
import { electronAvailability, openInBrowser, runDesktop } from '../desktop-launch.ts';
import { isLoopbackHost } from '../../shared/index.ts';
import type { Engine } from '../../engine/index.ts';

// Found, not computed from this file's place: the compiled CLI emits this module elsewhere.
const ROOT = packageRoot();

interface ServeFlags {
  port: number;
  host: string;
  dataDir?: string;
  open: boolean;
  ssrf?: string;
  plan?: string;
  seedPassword?: string;
}

export function registerAppCommands(program: Command): void {
  program
    // Root options only before a subcommand: `ctb serve --data-dir D` must reach serve, not the root.
    .enablePositionalOptions()
    .allowExcessArguments(true)
    .option(
      '--data-dir <dir>',
      'data folder of the desktop app or browser mode (default $CTB_DATA_DIR or ~/.connector-testbench)',
    )
    .action(async (flags: { dataDir?: string }) => {
      if (program.args.length > 0)
        throw new UsageError(`unknown command "${program.args[0]}" (run ctb --help for the list)`);
      const electron = electronAvailability(ROOT);
      if (electron.ok) {
        process.exitCode = await runDesktop(
          ROOT,
          electron.binary,
          flags.dataDir ? resolve(flags.dataDir) : undefined,
        );
        return;
      }
      process.stderr.write(`ctb: ${electron.reason}: starting browser mode\n`);
      await serveBrowser({ port: 0, host: '127.0.0.1', dataDir: flags.dataDir, open: true });
    });

  program
    .command('serve')
    .description('browser mode: the engine and the UI on 127.0.0.1; prints the URL with its per-launch token')
    .option('--port <port>', 'port to listen on (0: any free port)', parsePort(), 0)
    .option(
      '--host <host>',
      'interface to bind; anything but loopback exposes the UI to the network',
      '127.0.0.1',
    )
    .option('--data-dir <dir>', 'data folder (default $CTB_DATA_DIR or ~/.connector-testbench)')
    .option('--no-open', 'do not open the browser, only print the URL')
    .option('--ssrf <mode>', 'SSRF policy for webhook URLs: dev (default) or strict')
    .option('--plan <plan>', 'plan of a newly seeded organization: premium (default) or free')
    .option(
      '--seed-password <password>',
      'password of the seeded users of a new data folder (default $CTB_SEED_PASSWORD, else generated)',
    )
    .action(async (flags: ServeFlags) => {
      await serveBrowser(flags);
    });
}

async function serveBrowser(flags: ServeFlags): Promise<void> {
  const rendererDir = join(ROOT, 'out/renderer');
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new UsageError('the UI is not built (out/renderer/index.html is missing): run npm run build first');
  if (flags.ssrf !== undefined && flags.ssrf !== 'dev' && flags.ssrf !== 'strict')
    throw new UsageError(`--ssrf must be dev or strict, got "${flags.ssrf}"`);
  if (flags.plan !== undefined && flags.plan !== 'free' && flags.plan !== 'premium')
    throw new UsageError(`--plan must be free or premium, got "${flags.plan}"`);
  const host = flags.host.trim();
  // Imported here: the other commands start without SQLite and the engine.
  const { defaultDataDir } = await import('../../engine/index.ts');
  const { openBackend } = await import('../../bridge/backend.ts');
  const { startBrowserServer } = await import('../../bridge/http-server.ts');
  const dataDir = resolve(flags.dataDir ?? defaultDataDir());
  const backend = await openBackend({
    dataDir,
    mode: 'browser',
    version: packageVersion(),
    ssrfMode: flags.ssrf as 'dev' | 'strict' | undefined,
    plan: flags.plan as 'free' | 'premium' | undefined,
    seedPassword: flags.seedPassword ?? process.env[SEED_PASSWORD_ENV],
  });
  let server;
  try {
    server = await startBrowserServer({
      dispatch: backend.dispatch,
      events: backend.hub,
      staticDir: rendererDir,
      token: backend.token,
      host,
      port: flags.port,
    });
  } catch (error) {
    await backend.close();
    // The same meaning as every other serve command: a busy port is a failed start (exit 1).
    throw listenError(error as NodeJS.ErrnoException, { host, port: flags.port });
  }
  if (!isLoopbackHost(host))
    process.stderr.write(
      `ctb: warning: listening on ${host}: other machines can reach this UI (the token still guards the API)\n`,
    );
  out(`Connector Testbench (browser mode): ${server.url}`);
  out(`  data folder ${dataDir}`);
  if (backend.platformUrl)
    out(`  mock platform API ${backend.platformUrl} (send the token of the URL above as x-ctb-token)`);
  for (const line of signInLines(backend.engine, flags)) out(`  ${line}`);
  out('  press Ctrl+C to stop');
  if (flags.open) openInBrowser(server.url);

  const stop = async () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await server.close();
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * How to sign in to the mock platform with this data folder's seeded users. A password is printed
 * only the one time it was generated; otherwise the lines say where it came from and how to start over.
 */
function signInLines(engine: Engine, flags: ServeFlags): string[] {
  const users = engine.platform.users
    .list()
    .map((u) => `${u.email} (${u.role})`)
    .join(', ');
  const given = flags.seedPassword !== undefined ? '--seed-password' : SEED_PASSWORD_ENV;
  const { created, password } = engine.seedInfo;
  if (password) return [`sign in as ${users}`, `  with password ${password} (generated now, shown once)`];
  if (created) return [`sign in as ${users}`, `  with the password given by ${given}`];
  return [
    `sign in as ${users}`,
    '  with the password this data folder was seeded with: the one its first run printed, or the',
    `  --seed-password / $${SEED_PASSWORD_ENV} it was given (${flags.seedPassword !== undefined || process.env[SEED_PASSWORD_ENV] ? 'ignored now: ' : ''}a seeded folder keeps its users)`,
    '  forgotten? start over with new users: --data-dir <an empty folder> --seed-password <new password>',
  ];
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
