// `ctb connector serve`: runs the demo catalog (or a definition file) on 127.0.0.1, prints its URL
// (and a generated secret, once), then one line per request, until SIGINT or SIGTERM.

import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fingerprint } from '../protocol/index.ts';
import { defaultDataDir } from '../engine/data-dir.ts';
import { ConnectorConfigError } from '../connector/index.ts';
import type { ExchangeEvent, ListeningConnector } from '../connector/index.ts';
import type { DemoCatalog } from '../connector/demo-catalog/index.ts';
import { CheckFailedError, UsageError } from './errors.ts';
import { diagnose, exchangeLine, requestLog } from './exchange-log.ts';
import { diagnosisLines, out, table } from './render.ts';
import { closeOnSignal, listenError } from './serving.ts';

export const DEFAULT_CONNECTOR_PORT = 4020;

export interface ServeFlags {
  port: number;
  host: string;
  secret?: string;
  path: string;
  skew: number;
  dataDir?: string;
  verbose?: boolean;
  config?: string;
}

/** A connector listening, whichever kind: what the startup block prints and how to stop it. */
export interface ServedConnector {
  url: string;
  name: string;
  tools: string[];
  secretLine: string;
  dataLine: string;
  windowSeconds: number;
  close(): Promise<void>;
}

export async function serveConnector(flags: ServeFlags, explicit: Set<keyof ServeFlags>): Promise<void> {
  if (!flags.path.startsWith('/') || /[?#\s]/.test(flags.path))
    throw new UsageError(
      `--path must start with "/" and hold no query or spaces (e.g. /service), got "${flags.path}"`,
    );
  if (flags.secret === '') throw new UsageError('--secret must not be empty');
  const dataDir = resolve(flags.dataDir ?? defaultDataDir());
  await mkdir(dataDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot create --data-dir ${dataDir}: ${error.code ?? error.message}`);
  });

  // Loaded here, not at the top: every other ctb command starts without SQLite.
  const served = flags.config
    ? await import('./definition-serve.ts').then((m) =>
        m.startDefinition({ file: flags.config!, flags, explicit, dataDir }),
      )
    : await startDemo(flags, dataDir);

  out(`connector serve: ${served.name} (${served.tools.join(', ') || 'no tools'})`);
  for (const line of table([
    ['url', served.url],
    ['secret', served.secretLine],
    ['window', `±${served.windowSeconds} s`],
    ['data', served.dataLine],
    ['try', `ctb ping --url ${served.url}${flags.secret !== undefined ? ' --secret <secret>' : ''}`],
  ]))
    out(line);
  out('(Ctrl-C stops; one line per request follows)');

  closeOnSignal(() => served.close());
}

async function startDemo(flags: ServeFlags, dataDir: string): Promise<ServedConnector> {
  const given = flags.secret ?? process.env.CTB_SECRET;
  const secret = given || `whsec_${randomBytes(32).toString('hex')}`;
  const dbFile = join(dataDir, 'demo-catalog.sqlite');
  const { createDemoCatalog } = await import('../connector/demo-catalog/index.ts');
  let demo: DemoCatalog;
  try {
    demo = createDemoCatalog({
      signingSecret: secret,
      dbFile,
      endpointPath: flags.path,
      maxTimestampSkewSeconds: flags.skew,
      onQuotationCreated: (q) =>
        out(`${clock()}  quotation ${q.id} created for ${q.customer_name}: ${q.total} ${q.currency}`),
    });
  } catch (error) {
    if (error instanceof ConnectorConfigError) throw new UsageError(error.message);
    throw new CheckFailedError(
      `cannot open the demo catalog database ${dbFile}: ${(error as Error).message}`,
    );
  }
  const log = requestLog();
  demo.connector.on('exchange', (e: ExchangeEvent) => {
    const diagnosis = diagnose(e, { secret, toleranceSeconds: flags.skew });
    log.line(exchangeLine(e, diagnosis));
    if (diagnosis && flags.verbose) for (const line of diagnosisLines(diagnosis)) log.line(`    ${line}`);
  });
  let server: ListeningConnector;
  try {
    server = await demo.connector.listen(flags.port, flags.host);
  } catch (error) {
    demo.close();
    throw listenError(error as NodeJS.ErrnoException, flags);
  }
  return {
    url: server.url,
    name: 'demo catalog',
    tools: demo.connector.definitions().map((t) => t.name),
    secretLine: given
      ? `fingerprint ${fingerprint(secret)}  (from ${flags.secret !== undefined ? '--secret' : 'CTB_SECRET'})`
      : `export CTB_SECRET=${secret}   # generated for this run, shown only here`,
    dataLine: dbFile,
    windowSeconds: flags.skew,
    close: async () => {
      await server.close().catch(() => undefined);
      demo.close();
    },
  };
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
