// `ctb listen --port P --forward-to URL --secret S`: the recording proxy of src/engine/listen-proxy.ts
// on the terminal, one line per request (verdict and cause included), recorded into --data-dir's History.

import type { Command } from 'commander';
import { Option } from 'commander';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  fingerprint,
  PLATFORM_TIMEOUT_MS,
} from '../../protocol/index.ts';
import { defaultDataDir } from '../../engine/data-dir.ts';
import { UsageError } from '../errors.ts';
import { collect, parseHttpUrl, parseInteger, parsePort, requireSecrets } from '../options.ts';
import { out, table } from '../render.ts';
import { closeOnSignal, listenError } from '../serving.ts';

export const DEFAULT_LISTEN_PORT = 4030;

interface ListenFlags {
  port: number;
  host: string;
  forwardTo?: string;
  secret?: string[];
  skew: number;
  timeout: number;
  dataDir?: string;
  record: boolean;
}

/** Unique secrets, current first: a repeated one is a typo that would hide which secret matched. */
export function listenSecrets(values: string[] | undefined): string[] {
  const secrets = requireSecrets(values);
  const seen = new Set<string>();
  for (const [i, s] of secrets.entries()) {
    if (seen.has(s)) throw new UsageError(`--secret #${i + 1} repeats an earlier one: give each secret once`);
    seen.add(s);
  }
  return secrets;
}

export function registerListenCommand(program: Command): void {
  program
    .command('listen')
    .description(
      'recording proxy in front of a connector: forwards byte-exact, verifies and explains every request, records it in History',
    )
    .addOption(
      new Option('--port <port>', 'port to listen on (0 picks a free one)')
        .default(DEFAULT_LISTEN_PORT)
        .argParser(parsePort('--port')),
    )
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .addOption(
      new Option('--forward-to <url>', 'the connector endpoint every request goes to (full URL)').argParser(
        parseHttpUrl('--forward-to'),
      ),
    )
    .option(
      '--secret <secret>',
      'a secret the calls may be signed with, current first (repeatable; default $CTB_SECRET)',
      collect,
    )
    .addOption(
      new Option('--skew <seconds>', 'accepted clock difference when verifying')
        .default(DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS)
        .argParser(parseInteger('--skew', { min: 1 })),
    )
    .addOption(
      new Option('--timeout <ms>', 'how long to wait for the connector (the platform waits 30 s)')
        .default(PLATFORM_TIMEOUT_MS)
        .argParser(parseInteger('--timeout', { min: 1 })),
    )
    .option('--data-dir <dir>', 'History to record into (default $CTB_DATA_DIR or ~/.connector-testbench)')
    .option('--no-record', 'do not record exchanges in History')
    .action(async (flags: ListenFlags) => {
      if (!flags.forwardTo)
        throw new UsageError('--forward-to URL is required: the connector endpoint to forward to');
      const secrets = listenSecrets(flags.secret);
      const dataDir = resolve(flags.dataDir ?? defaultDataDir());
      // Loaded here: the other commands start without SQLite.
      const { startListenProxy } = await import('../../engine/listen-proxy.ts');
      const { openHistory } = await import('../../engine/history-file.ts');
      let history: Awaited<ReturnType<typeof openHistory>> | null = null;
      if (flags.record) {
        await mkdir(dataDir, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
          throw new UsageError(`cannot create --data-dir ${dataDir}: ${e.code ?? e.message}`);
        });
        history = openHistory(dataDir);
      }
      const { listenLine } = await import('../listen-log.ts');
      let proxy;
      try {
        proxy = await startListenProxy({
          forwardTo: new URL(flags.forwardTo),
          secrets,
          port: flags.port,
          host: flags.host,
          toleranceSeconds: flags.skew,
          timeoutMs: flags.timeout,
          record: history ? (input) => history!.record(input) : undefined,
          onExchange: (e) => out(listenLine(e)),
        });
      } catch (error) {
        await history?.close();
        const e = error as NodeJS.ErrnoException;
        // ctb listen's interface counts a busy --port with the other bad input (a non-http
        // --forward-to, a repeated secret): exit 2, so a script tells it from a failed call.
        if (e.code === 'EADDRINUSE')
          throw new UsageError(
            `port ${flags.port} is already in use on ${flags.host}: choose another with --port (0 picks a free one)`,
          );
        throw listenError(e, { host: flags.host, port: flags.port });
      }
      out(`listen: recording proxy`);
      for (const line of table([
        ['url', proxy.url],
        ['forward', flags.forwardTo],
        ['secrets', secrets.map((s, i) => `#${i + 1} fingerprint ${fingerprint(s)}`)],
        ['window', `±${flags.skew} s`],
        ['history', history ? dataDir : 'off (--no-record)'],
      ]))
        out(line);
      out('point the platform (or your tunnel) at the url above; one line per request follows');
      closeOnSignal(async () => {
        await proxy.close();
        await history?.close();
      });
    });
}
