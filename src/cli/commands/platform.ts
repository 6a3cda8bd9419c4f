// `ctb platform serve` (decisions.md 4): the mock platform REST API alone, over the engine of one
// data folder; prints the URL, the folder and (only when just generated) the seed password, until SIGINT/SIGTERM.

import type { Command } from 'commander';
import { Option } from 'commander';
import type { Engine, PlatformServer } from '../../engine/index.ts';
import type { Plan, SsrfMode } from '../../platform/index.ts';
import { CheckFailedError, UsageError } from '../errors.ts';
import { parsePort } from '../options.ts';
import { out, table } from '../render.ts';
import { closeOnSignal, listenError } from '../serving.ts';

const DEFAULT_PLATFORM_PORT = 4010;
export const SEED_PASSWORD_ENV = 'CTB_SEED_PASSWORD';

interface PlatformServeFlags {
  port: number;
  host: string;
  dataDir?: string;
  ssrf: SsrfMode;
  plan?: Plan;
  seedPassword?: string;
}

const oneOf =
  <T extends string>(flag: string, values: readonly T[]) =>
  (value: string): T => {
    if ((values as readonly string[]).includes(value)) return value as T;
    throw new UsageError(`${flag} expects ${values.join(' or ')}, got "${value.slice(0, 40)}"`);
  };

export function registerPlatformCommands(program: Command): void {
  const platform = program.command('platform').description('run the mock platform');
  platform
    .command('serve')
    .description('serve the mock platform REST API (login, SDK connections, tools, GraphQL, /openapi.json)')
    .addOption(
      new Option('--port <port>', 'port to listen on (0 picks a free one)')
        .default(DEFAULT_PLATFORM_PORT)
        .argParser(parsePort('--port')),
    )
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--data-dir <dir>', 'data folder (default $CTB_DATA_DIR or ~/.connector-testbench)')
    .addOption(
      new Option(
        '--ssrf <mode>',
        'webhook URL policy: strict (production) or dev (also http and private addresses)',
      )
        .default('dev')
        .argParser(oneOf('--ssrf', ['strict', 'dev'] as const)),
    )
    .addOption(
      new Option('--plan <plan>', 'organization plan: free shows the premium gate').argParser(
        oneOf('--plan', ['free', 'premium'] as const),
      ),
    )
    .option(
      '--seed-password <password>',
      `password of the seeded users of a new data folder (default $${SEED_PASSWORD_ENV}, else generated)`,
    )
    .action((flags: PlatformServeFlags) => servePlatform(flags));
}

async function servePlatform(flags: PlatformServeFlags): Promise<void> {
  const seedPassword = flags.seedPassword ?? process.env[SEED_PASSWORD_ENV];
  if (seedPassword !== undefined && seedPassword.length < 8)
    throw new UsageError(
      `--seed-password must be at least 8 characters (it guards the seeded Owner), got ${seedPassword.length}`,
    );
  // Loaded here, not at the top: every other ctb command starts without Fastify and SQLite.
  const { createEngine, defaultDataDir } = await import('../../engine/index.ts');
  const dataDir = flags.dataDir ?? defaultDataDir();

  let engine: Engine;
  try {
    engine = await createEngine({ dataDir, ssrfMode: flags.ssrf, plan: flags.plan, seedPassword });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'ENOTDIR' || code === 'EEXIST')
      throw new UsageError(`cannot use --data-dir ${dataDir}: ${code}`);
    throw new CheckFailedError(`cannot open the data folder ${dataDir}: ${(error as Error).message}`);
  }
  // --plan on an existing folder switches it: the flag is how the premium gate is shown.
  if (flags.plan && !engine.seedInfo.created) engine.platform.setPlan(flags.plan);

  let server: PlatformServer;
  try {
    server = await engine.startPlatformServer({ port: flags.port, host: flags.host });
  } catch (error) {
    await engine.close();
    throw listenError(error as NodeJS.ErrnoException, flags);
  }
  printBanner(engine, server, flags, seedPassword);

  closeOnSignal(() => engine.close());
}

function printBanner(
  engine: Engine,
  server: PlatformServer,
  flags: PlatformServeFlags,
  seedPassword: string | undefined,
): void {
  const { seedInfo } = engine;
  const password = seedInfo.password
    ? `${seedInfo.password}   # generated for this data folder, shown only now`
    : seedInfo.created
      ? `(from ${flags.seedPassword !== undefined ? '--seed-password' : SEED_PASSWORD_ENV})`
      : `(unchanged: set when this data folder was created${seedPassword !== undefined ? '; --seed-password ignored' : ''})`;
  const rank = { owner: 0, admin: 1, member: 2 } as const;
  const users = engine.platform.users
    .list()
    .sort((a, b) => rank[a.role] - rank[b.role] || a.email.localeCompare(b.email));
  out('platform serve: mock platform REST API');
  const rows: Array<[string, string | string[]]> = [
    ['url', server.url],
    ['openapi', `${server.url}/openapi.json`],
    ['data', `${engine.dataDir}${seedInfo.created ? '  (new, seeded)' : ''}`],
    ['plan', engine.platform.organization().plan],
    [
      'ssrf',
      flags.ssrf === 'dev'
        ? 'dev (http and private addresses allowed; strict refusals reported)'
        : 'strict (https, public addresses only)',
    ],
    ['users', users.map((u) => `${u.email} (${u.role.charAt(0).toUpperCase()}${u.role.slice(1)})`)],
    ['password', password],
  ];
  for (const line of table(rows)) out(line);
  out('(Ctrl-C stops)');
}
