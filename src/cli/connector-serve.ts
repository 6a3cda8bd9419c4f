// `ctb connector serve`: runs the demo catalog (or a definition file) on 127.0.0.1, prints its URL
// (and a generated secret, once), then one line per request, until SIGINT or SIGTERM.

import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { explain, fingerprint, HEADER_TRACE_ID } from '../protocol/index.ts';
import type { Diagnosis } from '../protocol/index.ts';
import { DATA_DIR_ENV, defaultDataDir } from '../engine/data-dir.ts';
import { exchangeDiagnosis } from '../client/index.ts';
import { envelopeOf } from '../engine/pairing.ts';
import { RunSampler } from '../engine/runs/run-history.ts';
import type { ExchangeInput } from '../store/history.ts';
import { ConnectorConfigError } from '../connector/index.ts';
import type { ExchangeEvent, ListeningConnector } from '../connector/index.ts';
import type { DemoCatalog } from '../connector/demo-catalog/index.ts';
import { CheckFailedError, UsageError } from './errors.ts';
import { diagnose, exchangeHead } from './exchange-log.ts';
import { requestLog } from './request-log.ts';
import { diagnosisLines, out, table } from './render.ts';
import { closeOnSignal, listenError } from './serving.ts';

export const DEFAULT_CONNECTOR_PORT = 4020;

export interface ServeFlags {
  port: number;
  host: string;
  /** The current secret: the first --secret. */
  secret?: string;
  /** Every --secret given, current first (more than one during a rotation). */
  secrets?: string[];
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
  const secrets = flags.secrets ?? (flags.secret === undefined ? [] : [flags.secret]);
  if (secrets.includes('')) throw new UsageError('--secret must not be empty');
  const repeated = secrets.findIndex((s, i) => secrets.indexOf(s) !== i);
  if (repeated !== -1)
    throw new UsageError(
      `--secret number ${repeated + 1} repeats number ${secrets.indexOf(secrets[repeated]) + 1} (fingerprint ${fingerprint(secrets[repeated])}): give each secret once, the current one first`,
    );
  if (secrets.length > 1 && flags.config)
    throw new UsageError(
      '--secret more than once (a rotation) serves the demo catalog only: a definition file holds one signingSecret, give --config one --secret',
    );
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
  // During a rotation the older secrets still verify; the first stays the current one.
  const secrets = [secret, ...(flags.secrets ?? []).slice(1)];
  const dbFile = join(dataDir, 'demo-catalog.sqlite');
  const { createDemoCatalog } = await import('../connector/demo-catalog/index.ts');
  let demo: DemoCatalog;
  try {
    demo = createDemoCatalog({
      signingSecret: secrets,
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
  const history = await recorder(flags);
  const sampler = new RunSampler();
  demo.connector.on('exchange', (e: ExchangeEvent) => {
    const diagnosis =
      secrets.length === 1
        ? diagnose(e, { secret, toleranceSeconds: flags.skew })
        : diagnoseRotation(e, secrets, flags.skew);
    if (history) {
      const received = receivedExchange(e, diagnosis);
      // A `ctb load` run labels its requests: History keeps a sample and its failures, not every one.
      if (sampler.keep(received.traceId, received.verdict)) history.record(received);
    }
    const matched = e.response.outcome.matchedSecret;
    const older = matched && matched.index > 0 ? `  (older secret ${matched.fingerprint})` : '';
    log.timed(exchangeHead(e, diagnosis), e.durationMs, older);
    if (diagnosis && flags.verbose) for (const line of diagnosisLines(diagnosis)) log.line(`    ${line}`);
  });
  let server: ListeningConnector;
  try {
    server = await demo.connector.listen(flags.port, flags.host);
  } catch (error) {
    demo.close();
    await history?.close();
    throw listenError(error as NodeJS.ErrnoException, flags);
  }
  return {
    url: server.url,
    name: 'demo catalog',
    tools: demo.connector.definitions().map((t) => t.name),
    secretLine: given
      ? `fingerprint ${secrets.map((s) => fingerprint(s)).join(', ')}  (from ${flags.secret !== undefined ? '--secret' : 'CTB_SECRET'})`
      : `export CTB_SECRET=${secret}   # generated for this run, shown only here`,
    dataLine: history ? `${dbFile}; requests recorded in History` : dbFile,
    windowSeconds: flags.skew,
    close: async () => {
      await server.close().catch(() => undefined);
      demo.close();
      await history?.close();
    },
  };
}

/**
 * The History of the data folder when one is named (--data-dir or $CTB_DATA_DIR): every request
 * received is recorded there, so a `ctb ping` recording into the same folder pairs with it.
 */
async function recorder(flags: ServeFlags) {
  const dir = flags.dataDir ?? process.env[DATA_DIR_ENV];
  if (!dir) return null;
  const { openHistory } = await import('../engine/history-file.ts');
  try {
    return openHistory(resolve(dir));
  } catch (error) {
    throw new CheckFailedError(`cannot open the History in ${resolve(dir)}: ${(error as Error).message}`);
  }
}

/** What the connector received and answered, as a History record (direction incoming). */
function receivedExchange(e: ExchangeEvent, diagnosis: Diagnosis | null): ExchangeInput {
  const o = e.response.outcome;
  // A request refused before its envelope was read still names its request_id: it pairs by it.
  const claimed = o.requestId === null ? envelopeOf(e.body) : null;
  return {
    direction: 'incoming',
    requestType: o.requestType ?? claimed?.requestType ?? null,
    tool: o.tool ?? claimed?.tool ?? null,
    requestId: o.requestId ?? claimed?.requestId ?? null,
    traceId: e.headers.find(([n]) => n.toLowerCase() === HEADER_TRACE_ID)?.[1] ?? null,
    method: e.method,
    url: e.path,
    requestHeaders: e.headers,
    requestBody: e.body,
    responseStatus: e.response.status,
    responseHeaders: Object.entries(e.response.headers),
    responseBody: Buffer.from(e.response.body),
    verdict: o.code ?? 'ok',
    errorMessage: o.message ?? null,
    diagnosis: diagnosis ? exchangeDiagnosis({ signature: diagnosis }) : null,
    timing: { totalMs: e.durationMs },
    startedAt: e.startedAt,
  };
}

/** diagnose() with every accepted secret as a candidate, so the diagnosis names the one that matched. */
function diagnoseRotation(e: ExchangeEvent, secrets: string[], toleranceSeconds: number): Diagnosis | null {
  const v = e.response.outcome.verification;
  if (!v || v.ok) return null;
  return explain(e.body, e.headers, secrets, { now: Math.floor(e.startedAt / 1000), toleranceSeconds });
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
