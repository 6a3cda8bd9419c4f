// `ctb connector serve --config FILE`: runs a connector definition file (static, script, error,
// delay... behaviours) in the engine's local connector host, with the same startup block and log lines.

import type { ServeFlags, ServedConnector } from './connector-serve.ts';
import { CheckFailedError, UsageError } from './errors.ts';
import { hostEventLine } from './exchange-log.ts';
import { requestLog } from './request-log.ts';
import { diagnosisLines } from './render.ts';
import { fingerprint } from '../protocol/index.ts';
import type { HostRequestEvent } from '../connector/host/index.ts';

export interface DefinitionServeInput {
  file: string;
  flags: ServeFlags;
  /** Flags the user typed (not defaults): they override the file's settings. */
  explicit: Set<keyof ServeFlags>;
  dataDir: string;
}

export async function startDefinition(input: DefinitionServeInput): Promise<ServedConnector> {
  const { file, flags, explicit, dataDir } = input;
  const host = await import('../engine/index.ts');
  const { createEngine } = host;
  // A throw-away engine: requests are not kept, but the connector's own files go to the data folder.
  const engine = await createEngine({
    dataDir: ':memory:',
    connectorDataDir: dataDir,
    seedDemoConnector: false,
  });
  try {
    const raw = host.readDefinitionFile(file);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw new UsageError(`--config ${file} must hold a JSON object`);
    const fileDef = raw as Record<string, unknown>;
    const secretFrom =
      flags.secret !== undefined
        ? '--secret'
        : process.env.CTB_SECRET
          ? 'CTB_SECRET'
          : fileDef.signingSecret
            ? file
            : null;
    const overrides: Record<string, unknown> = {};
    if (explicit.has('port') || fileDef.port === undefined) overrides.port = flags.port;
    if (explicit.has('host') || fileDef.host === undefined) overrides.host = flags.host;
    if (explicit.has('path') || fileDef.endpointPath === undefined) overrides.endpointPath = flags.path;
    if (explicit.has('skew') || fileDef.maxTimestampSkewSeconds === undefined)
      overrides.maxTimestampSkewSeconds = flags.skew;
    const secret = flags.secret ?? process.env.CTB_SECRET;
    if (secret) overrides.signingSecret = secret;

    const connectorHost = engine.host;
    const stored = connectorHost.create({ ...fileDef, ...overrides });
    const log = requestLog();
    connectorHost.on('request', (e: HostRequestEvent) => {
      log.line(hostEventLine(e));
      if (flags.verbose && e.diagnosis && e.diagnosis.verdict === 'invalid')
        for (const l of diagnosisLines(e.diagnosis)) log.line(`    ${l}`);
    });
    const started = await connectorHost.start(stored.id);
    const def = stored.definition;
    return {
      url: started.url,
      dataLine: `${file} (definition; requests are not kept)`,
      windowSeconds: def.maxTimestampSkewSeconds,
      name: def.name,
      tools: def.tools.map((t) => t.name),
      secretLine:
        secretFrom === null
          ? `export CTB_SECRET=${def.signingSecret}   # generated for this run, shown only here`
          : `fingerprint ${fingerprint(def.signingSecret)}  (from ${secretFrom})`,
      close: () => engine.close(),
    };
  } catch (error) {
    await engine.close();
    if (error instanceof host.HostError) {
      if (error.code === 'port_in_use' || error.code === 'listen_failed')
        throw new CheckFailedError(error.message);
      throw new UsageError(`--config ${file}: ${error.message}`);
    }
    throw error;
  }
}
