// `ctb ping | tools | invoke` (decisions.md 4): one signed call through the signing client, shown
// in full (headers, canonical string, answer, timing). Exit 0 on a success answer, 1 otherwise.

import type { Command } from 'commander';
import { Option } from 'commander';
import { HEADER_TRACE_ID, PLATFORM_TIMEOUT_MS } from '../../protocol/index.ts';
import type { RequestType } from '../../protocol/index.ts';
import { resolve } from 'node:path';
import { buildRequest, DEFAULT_CHANNEL, signedCall } from '../../client/index.ts';
import type { SignedCallResult } from '../../client/index.ts';
import { DATA_DIR_ENV } from '../../engine/data-dir.ts';
import { CheckFailedError, UsageError } from '../errors.ts';
import { addFaultOptions, faultsFrom } from '../fault-options.ts';
import type { FaultFlags } from '../fault-options.ts';
import {
  parseHeaderValue,
  parseHttpUrl,
  parseInteger,
  parseJsonObject,
  readJsonObjectFile,
  requireSecret,
  requireUrl,
} from '../options.ts';
import { out, printJson } from '../render.ts';
import { callJson, callLines, toolsSummaryLines, verdictOf } from '../render-call.ts';
import type { CallVerdict } from '../render-call.ts';

interface CallFlags extends FaultFlags {
  url?: string;
  secret?: string;
  timeout: number;
  traceId?: string;
  json?: boolean;
  verbose?: boolean;
  dataDir?: string;
}

interface InvokeFlags extends CallFlags {
  tool?: string;
  params?: Record<string, unknown>;
  paramsFile?: string;
  conversationId?: string;
  channel: string;
  identity?: Record<string, unknown>;
}

export function registerCallCommands(program: Command): void {
  callOptions(
    program.command('ping').description('send a signed ping; exit 0 when the connector answers pong'),
  ).action((flags: CallFlags) => runCall('ping', flags, {}));

  callOptions(
    program
      .command('tools')
      .description('list the connector tools with a signed capabilities.list (--legacy: tools.list)')
      .option('--legacy', 'send the legacy tools.list instead of capabilities.list')
      .option('--verbose', 'show the whole signed exchange (headers, signed string, answer body)'),
  ).action((flags: CallFlags & { legacy?: boolean }) =>
    runCall(flags.legacy ? 'tools.list' : 'capabilities.list', flags, {}),
  );

  callOptions(
    program
      .command('invoke')
      .description('run one tool with a signed tool.invoke; exit 0 when the connector answers a result')
      .option('--tool <name>', 'tool to run (required)')
      .addOption(
        new Option('--params <json>', 'parameters as a JSON object').argParser(parseJsonObject('--params')),
      )
      .option('--params-file <file>', 'file holding the parameters JSON object')
      .option('--conversation-id <id>', 'conversation_id of the request (default: a fresh one)')
      .option('--channel <name>', 'channel of the request', DEFAULT_CHANNEL)
      .addOption(
        new Option('--identity <json>', 'identity object of the request').argParser(
          parseJsonObject('--identity'),
        ),
      ),
  ).action(async (flags: InvokeFlags) => {
    if (!flags.tool) throw new UsageError('invoke needs --tool NAME (list the tools with `ctb tools`)');
    if (flags.params && flags.paramsFile)
      throw new UsageError('give the parameters once: --params or --params-file, not both');
    const parameters = flags.paramsFile
      ? await readJsonObjectFile('--params-file', flags.paramsFile)
      : (flags.params ?? {});
    await runCall('tool.invoke', flags, {
      tool: flags.tool,
      parameters,
      channel: flags.channel,
      ...(flags.conversationId ? { conversation_id: flags.conversationId } : {}),
      ...(flags.identity ? { identity: flags.identity } : {}),
    });
  });
}

function callOptions(cmd: Command): Command {
  cmd
    .addOption(
      new Option(
        '--url <url>',
        'connector endpoint, e.g. http://127.0.0.1:4020/service (default $CTB_URL)',
      ).argParser(parseHttpUrl('--url')),
    )
    .option('--secret <secret>', 'signing secret (default $CTB_SECRET)')
    .addOption(
      new Option('--timeout <ms>', 'give up after this many milliseconds')
        .default(PLATFORM_TIMEOUT_MS)
        .argParser(parseInteger('--timeout', { min: 1 })),
    )
    .addOption(
      new Option('--trace-id <id>', `send ${HEADER_TRACE_ID}`).argParser(parseHeaderValue('--trace-id')),
    )
    .option('--json', 'print one machine-readable JSON object')
    .option(
      '--data-dir <dir>',
      "record the exchange in this data folder's History (default $CTB_DATA_DIR; none: not recorded)",
    );
  return addFaultOptions(cmd);
}

async function runCall(
  type: RequestType,
  flags: CallFlags,
  fields: Parameters<typeof buildRequest>[1],
): Promise<void> {
  const url = requireUrl(flags.url);
  const secret = requireSecret(flags.secret);
  const body = buildRequest(type, fields);
  const result = await signedCall({
    url,
    secret,
    body,
    faults: faultsFrom(flags),
    headers: flags.traceId ? { [HEADER_TRACE_ID]: flags.traceId } : undefined,
    timeoutMs: flags.timeout,
  });
  const verdict = verdictOf(type, result);
  await record(flags, result, body, verdict);
  if (flags.json) printJson(callJson(type, result, verdict));
  // A network failure has nothing else worth showing: one line, exit 1.
  else if (!result.response && result.error)
    throw new CheckFailedError(`${result.error.code}: ${result.error.message} (${url})`);
  // A tools listing that worked is read for its tools; anything that failed shows the whole exchange.
  else if (verdict.ok && !flags.verbose && (type === 'capabilities.list' || type === 'tools.list'))
    for (const line of toolsSummaryLines(type, result, verdict)) out(line);
  else for (const line of callLines(type, result, verdict)) out(line);
  if (!verdict.ok) process.exitCode = 1;
}

/**
 * Records the call (and a replay's first delivery) when a data folder is named, so the connector's
 * own record of the same request_id in that folder pairs with it (`ctb history show`).
 */
async function record(
  flags: CallFlags,
  result: SignedCallResult,
  body: ReturnType<typeof buildRequest>,
  verdict: CallVerdict,
): Promise<void> {
  const dir = flags.dataDir ?? process.env[DATA_DIR_ENV];
  if (!dir) return;
  const { exchangeOfCall, recordNow } = await import('../../engine/history-file.ts');
  const judged = {
    requestType: body.type,
    tool: body.type === 'tool.invoke' ? body.tool : null,
    requestId: body.request_id,
    traceId: flags.traceId ?? null,
    verdict: { code: verdict.ok ? 'ok' : verdict.kind, message: verdict.ok ? '' : verdict.message },
    faults: result.signing.faults,
  };
  const calls = result.original ? [result.original, result] : [result];
  try {
    await recordNow(
      resolve(dir),
      calls.map((c, i) => exchangeOfCall(c, { ...judged, attempt: i + 1 })),
    );
  } catch (error) {
    // The call itself happened and is shown; a History that cannot be written is said, not fatal.
    process.stderr.write(`ctb: not recorded in ${resolve(dir)}: ${(error as Error).message}\n`);
  }
}
