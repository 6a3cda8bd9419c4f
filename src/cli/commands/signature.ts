// `ctb sign | verify | explain` (decisions.md 4): the protocol core on the command line, for
// computing headers by hand and for checking or diagnosing a request captured elsewhere.

import type { Command } from 'commander';
import { Option } from 'commander';
import {
  DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  explain,
  nowSeconds,
  sign,
  verify,
} from '../../protocol/index.ts';
import {
  collect,
  collectHeader,
  parseInteger,
  parseUnixSeconds,
  readBody,
  requireSecret,
  requireSecrets,
} from '../options.ts';
import { diagnosisLines, headerLines, out, printJson, verifyLines } from '../render.ts';

interface BodyFlags {
  body?: string;
  bodyFile?: string;
  json?: boolean;
}

interface SignFlags extends BodyFlags {
  secret?: string;
  timestamp?: number;
  protocolVersion?: string;
}

interface CheckFlags extends BodyFlags {
  timestamp?: string;
  signature?: string;
  header?: Array<[string, string]>;
  skew: number;
  now?: number;
}

export function registerSignatureCommands(program: Command): void {
  const signCmd = program
    .command('sign')
    .description('compute the three signing headers for a body (from --body-file, --body or standard input)')
    .addOption(secretOption())
    .addOption(
      new Option('--timestamp <unix-seconds>', 'timestamp to sign (default: now)').argParser(
        parseUnixSeconds('--timestamp'),
      ),
    )
    .option('--protocol-version <v>', 'value of x-service-protocol', '1');
  bodyOptions(signCmd).action(async (flags: SignFlags) => {
    const secret = requireSecret(flags.secret);
    const body = await readBody(flags);
    const headers = sign(secret, body, {
      timestamp: flags.timestamp ?? nowSeconds(),
      protocolVersion: flags.protocolVersion,
    });
    if (flags.json) printJson(headers);
    else for (const line of headerLines(Object.entries(headers))) out(line);
  });

  const verifyCmd = checkOptions(
    program
      .command('verify')
      .description('verify a captured request: exit 0 when valid, 1 with the failed check when not')
      .addOption(secretOption()),
  );
  verifyCmd.action(async (flags: CheckFlags & { secret?: string }) => {
    const secret = requireSecret(flags.secret);
    const body = await readBody(flags);
    const result = verify(body, receivedHeaders(flags), secret, {
      now: flags.now ?? nowSeconds(),
      toleranceSeconds: flags.skew,
    });
    if (flags.json) printJson(result);
    else for (const line of verifyLines(result, flags.skew)) out(line);
    if (!result.ok) process.exitCode = 1;
  });

  const explainCmd = checkOptions(
    program
      .command('explain')
      .description('diagnose a captured request: which check fails and the signing mistake that explains it')
      .addOption(
        new Option(
          '--secret <secret>',
          'candidate secret, repeatable (e.g. current and pre-rotation; default $CTB_SECRET); only fingerprints are printed',
        ).argParser(collect),
      ),
  );
  explainCmd.action(async (flags: CheckFlags & { secret?: string[] }) => {
    const secrets = requireSecrets(flags.secret);
    const body = await readBody(flags);
    const diagnosis = explain(body, receivedHeaders(flags), secrets, {
      now: flags.now ?? nowSeconds(),
      toleranceSeconds: flags.skew,
    });
    if (flags.json) printJson(diagnosis);
    else for (const line of diagnosisLines(diagnosis)) out(line);
    if (diagnosis.verdict !== 'valid') process.exitCode = 1;
  });
}

function secretOption(): Option {
  return new Option('--secret <secret>', 'signing secret (default $CTB_SECRET)');
}

function bodyOptions(cmd: Command): Command {
  return cmd
    .option('--body-file <file>', 'file holding the exact body bytes (default: standard input)')
    .option('--body <text>', 'the body as text, instead of a file or standard input')
    .option('--json', 'print one JSON object');
}

function checkOptions(cmd: Command): Command {
  return bodyOptions(
    cmd
      .option('--signature <sig>', `received ${HEADER_SIGNATURE} value`)
      .option('--timestamp <value>', `received ${HEADER_TIMESTAMP} value, exactly as it arrived`)
      .option('--header <name:value>', 'another received header, repeatable', collectHeader)
      .addOption(
        new Option('--skew <seconds>', 'accepted clock difference')
          .default(DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS)
          .argParser(parseInteger('--skew', { min: 0 })),
      )
      .addOption(
        new Option('--now <unix-seconds>', "receiver's clock (default: now)").argParser(
          parseUnixSeconds('--now'),
        ),
      ),
  );
}

/** --header pairs first, then --signature / --timestamp, so a header given twice stays visible. */
function receivedHeaders(flags: CheckFlags): Array<[string, string]> {
  const headers: Array<[string, string]> = [...(flags.header ?? [])];
  if (flags.signature !== undefined) headers.push([HEADER_SIGNATURE, flags.signature]);
  if (flags.timestamp !== undefined) headers.push([HEADER_TIMESTAMP, flags.timestamp]);
  return headers;
}
