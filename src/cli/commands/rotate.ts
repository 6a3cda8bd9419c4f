// `ctb rotate start|status|finish --connection ID`: secret rotation of a mock platform connection in
// a data folder (a running `platform serve` on the same folder sees it at its next call).

import type { Command } from 'commander';
import { Option } from 'commander';
import type { Engine, RotationView } from '../../engine/index.ts';
import { CheckFailedError, UsageError } from '../errors.ts';
import { out, printJson, table } from '../render.ts';

interface RotateFlags {
  connection: string;
  dataDir?: string;
  json?: boolean;
  grace?: number;
}

const STATE_TEXT: Record<RotationView['state'], string> = {
  none: 'no rotation in progress',
  grace: 'grace period: the platform still signs with the previous secret',
  switched: 'grace over: the platform signs with the new secret; finish to forget the previous one',
};

function parseGrace(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new UsageError(`--grace expects a whole number of seconds, got "${value.slice(0, 40)}"`);
  return n;
}

function common(command: Command): Command {
  return command
    .requiredOption('--connection <id>', 'SDK connection id (conn_...)')
    .option('--data-dir <dir>', 'data folder (default $CTB_DATA_DIR or ~/.connector-testbench)')
    .option('--json', 'print the rotation state as JSON');
}

export function registerRotateCommands(program: Command): void {
  const rotate = program
    .command('rotate')
    .description('rotate the signing secret of a mock platform connection, with a grace period');
  common(rotate.command('start'))
    .description(
      'generate a new secret (shown once); the platform signs with the previous one during --grace',
    )
    .addOption(
      new Option('--grace <seconds>', 'grace period in seconds (0: sign with the new secret at once)')
        .default(0)
        .argParser(parseGrace),
    )
    .action((flags: RotateFlags) =>
      withEngine(flags, (engine) => {
        const started = engine.platform.connections.rotation.start(flags.connection, {
          grace_seconds: flags.grace,
        });
        if (flags.json) return printJson(started);
        print(started);
        out();
        out(`new secret: ${started.signing_secret}   # shown only now`);
        out('next: give your connector [new, old], then `ctb rotate finish` once it verifies the new one');
      }),
    );
  common(rotate.command('status'))
    .description('show the rotation state by fingerprint; exit 0 when none is in progress, 1 when one is')
    .action((flags: RotateFlags) =>
      withEngine(flags, (engine) => {
        const view = engine.platform.connections.rotation.status(flags.connection);
        if (flags.json) printJson(view);
        else print(view);
        if (view.state !== 'none') process.exitCode = 1;
      }),
    );
  common(rotate.command('finish'))
    .description('sign with the new secret now and forget the previous one; exit 1 when nothing to finish')
    .action((flags: RotateFlags) =>
      withEngine(flags, (engine) => {
        const view = engine.platform.connections.rotation.finish(flags.connection);
        if (flags.json) return printJson(view);
        print(view);
      }),
    );
}

function print(view: RotationView): void {
  out(`rotate: connection ${view.connection_id}`);
  const rows: Array<[string, string]> = [
    ['state', `${view.state} (${STATE_TEXT[view.state]})`],
    ['signing with', `${view.signing_with} secret`],
    ['current', view.current_fingerprint ?? '(none)'],
    ['previous', view.previous_fingerprint ?? '(none)'],
  ];
  if (view.grace_ends_at) rows.push(['grace ends', view.grace_ends_at]);
  for (const line of table(rows)) out(line);
}

async function withEngine(flags: RotateFlags, use: (engine: Engine) => void): Promise<void> {
  // Loaded here, not at the top: other ctb commands start without SQLite.
  const { createEngine, defaultDataDir, rotationErrorKind } = await import('../../engine/index.ts');
  const dataDir = flags.dataDir ?? defaultDataDir();
  let engine: Engine;
  try {
    engine = await createEngine({ dataDir, seedDemoConnector: false });
  } catch (error) {
    throw new UsageError(`cannot open the data folder ${dataDir}: ${(error as Error).message}`);
  }
  try {
    use(engine);
  } catch (error) {
    // An unknown connection is the caller's mistake; a step that does not apply now is a failed check.
    const kind = rotationErrorKind(error);
    if (kind === 'usage') throw new UsageError((error as Error).message);
    if (kind === 'refused') throw new CheckFailedError((error as Error).message);
    throw error;
  } finally {
    await engine.close();
  }
}
