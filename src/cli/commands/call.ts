// `ctb ping | tools | invoke` (decisions.md 4): one signed call through the signing client, shown
// in full (headers, canonical string, answer, timing). Exit 0 on a success answer, 1 otherwise.

import type { Command } from 'commander';
import { Option } from 'commander';
import { HEADER_TRACE_ID, PLATFORM_TIMEOUT_MS } from '../../protocol/index.ts';
import type { RequestType } from '../../protocol/index.ts';
import { buildRequest, DEFAULT_CHANNEL, signedCall } from '../../client/index.ts';
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

interface CallFlags extends FaultFlags {
  url?: string;
  secret?: string;
  timeout: number;
  traceId?: string;
  json?: boolean;
  verbose?: boolean;
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
    .option('--json', 'print one machine-readable JSON object');
  return addFaultOptions(cmd);
}

async function runCall(
  type: RequestType,
  flags: CallFlags,
  fields: Parameters<typeof buildRequest>[1],
): Promise<void> {
  const url = requireUrl(flags.url);
  const secret = requireSecret(flags.secret);
  const result = await signedCall({
    url,
    secret,
    body: buildRequest(type, fields),
    faults: faultsFrom(flags),
    headers: flags.traceId ? { [HEADER_TRACE_ID]: flags.traceId } : undefined,
    timeoutMs: flags.timeout,
  });
  const verdict = verdictOf(type, result);
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
