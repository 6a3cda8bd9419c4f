// `ctb connector serve` (decisions.md 4): the local connector host alone, serving the demo
// catalog (or a definition file), logging one line per request with the local-only diagnosis of any invalid signature.

import type { Command } from 'commander';
import { Option } from 'commander';
import { DEFAULT_ENDPOINT_PATH, DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS } from '../../protocol/index.ts';
import { DEFAULT_CONNECTOR_PORT, serveConnector } from '../connector-serve.ts';
import type { ServeFlags } from '../connector-serve.ts';
import { parseInteger, parsePort } from '../options.ts';

export function registerConnectorCommands(program: Command): void {
  const connector = program.command('connector').description('run a connector locally');
  connector
    .command('serve')
    .description('serve the demo catalog connector and log one line per request')
    .addOption(
      new Option('--port <port>', 'port to listen on (0 picks a free one)')
        .default(DEFAULT_CONNECTOR_PORT)
        .argParser(parsePort('--port')),
    )
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option(
      '--secret <secret>',
      'signing secret (default $CTB_SECRET, else one is generated and printed once); repeat it during a rotation, current secret first',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('--path <path>', 'endpoint path', DEFAULT_ENDPOINT_PATH)
    .addOption(
      new Option('--skew <seconds>', 'accepted clock difference (replay window)')
        .default(DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS)
        .argParser(parseInteger('--skew', { min: 1 })),
    )
    .option(
      '--data-dir <dir>',
      'folder of the demo catalog SQLite file (default $CTB_DATA_DIR or ~/.connector-testbench)',
    )
    .option(
      '--config <file>',
      'serve this connector definition file instead of the demo catalog; explicit flags override its settings',
    )
    .option('--verbose', 'print the full diagnosis under each request that fails verification')
    .action((parsed: Omit<ServeFlags, 'secret'> & { secret?: string[] }, cmd: Command) => {
      const explicit = new Set(
        (Object.keys(parsed) as Array<keyof ServeFlags>).filter(
          (k) => cmd.getOptionValueSource(k) === 'cli' || cmd.getOptionValueSource(k) === 'env',
        ),
      );
      // --secret collects every occurrence: the first is the current secret, the rest still accepted.
      const flags: ServeFlags = { ...parsed, secret: parsed.secret?.[0], secrets: parsed.secret };
      return serveConnector(flags, explicit);
    });
}
