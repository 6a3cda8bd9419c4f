// `ctb load` (decisions.md 4): signed load against a connector, every request signed with a fresh
// timestamp. Exit 1 when a --threshold breaks (or, without thresholds, when nothing succeeded).

import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { Option } from 'commander';
import { PLATFORM_TIMEOUT_MS } from '../../protocol/index.ts';
import {
  DEFAULT_CONNECTIONS,
  formatLoadProgress,
  formatLoadReport,
  parseThreshold,
  runLoad,
  ThresholdError,
} from '../../load/index.ts';
import type { LoadRequestSpec } from '../../load/index.ts';
import { writeLoadExport } from './load-export.ts';
import { runLabel } from '../../engine/runs/run-history.ts';
import { LOAD_EXPORT_FORMATS } from '../../load/export/index.ts';
import type { LoadExportFormat } from '../../load/export/index.ts';
import { CheckFailedError, UsageError } from '../errors.ts';
import {
  parseHttpUrl,
  parseInteger,
  parseJsonObject,
  readBody,
  requireSecret,
  requireUrl,
} from '../options.ts';
import { out, printJson } from '../render.ts';
import { terminalSafe } from '../terminal.ts';

interface LoadFlags {
  url?: string;
  secret?: string;
  tool?: string;
  params?: Record<string, unknown>;
  bodyFile?: string;
  type?: 'ping' | 'capabilities.list' | 'tools.list';
  connections: number;
  duration?: number;
  requests?: number;
  rate?: number;
  threshold?: string[];
  json?: boolean;
  timeout: number;
  export?: LoadExportFormat;
  output?: string;
}

/** `10s`, `500ms`, `2m`, or a plain number of seconds. */
function parseDuration(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  const ms = m ? Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 'm' ? 60_000 : 1000) : NaN;
  if (!m || ms < 1 || ms > 24 * 3_600_000)
    throw new UsageError(`-d/--duration expects a length like 10s, 500ms or 2m, got "${value.slice(0, 40)}"`);
  return Math.round(ms);
}

/** `200` or `200/s`: requests per second, above zero. */
function parseRate(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(value.trim());
  const rate = m ? Number(m[1]) : NaN;
  if (!m || rate <= 0 || rate > 1_000_000)
    throw new UsageError(`--rate expects requests per second like 200 or 200/s, got "${value.slice(0, 40)}"`);
  return rate;
}

function collectThreshold(value: string, previous: string[] | undefined): string[] {
  try {
    parseThreshold(value);
  } catch (error) {
    if (error instanceof ThresholdError) throw new UsageError(error.message);
    throw error;
  }
  return [...(previous ?? []), value];
}

function parseType(value: string): LoadFlags['type'] {
  if (value === 'ping' || value === 'capabilities.list' || value === 'tools.list') return value;
  throw new UsageError(
    `--type expects ping, capabilities.list or tools.list (use --tool for tool.invoke), got "${value.slice(0, 40)}"`,
  );
}

async function requestSpec(flags: LoadFlags): Promise<LoadRequestSpec> {
  const given = [flags.tool !== undefined, flags.bodyFile !== undefined, flags.type !== undefined].filter(
    Boolean,
  ).length;
  if (given > 1)
    throw new UsageError('choose one request: --tool T [--params JSON], --body-file F or --type ping');
  if (flags.params && flags.tool === undefined) throw new UsageError('--params goes with --tool NAME');
  if (flags.tool !== undefined) return { kind: 'tool', tool: flags.tool, parameters: flags.params ?? {} };
  if (flags.bodyFile !== undefined)
    return { kind: 'body', body: await readBody({ bodyFile: flags.bodyFile }) };
  return { kind: 'type', type: flags.type ?? 'ping' };
}

export function registerLoadCommand(program: Command): void {
  program
    .command('load')
    .description(
      'signed load: every request signed with a fresh timestamp; reports req/s, latency percentiles and errors by code',
    )
    .addOption(
      new Option('--url <url>', 'connector endpoint (default $CTB_URL)').argParser(parseHttpUrl('--url')),
    )
    .option('--secret <secret>', 'signing secret (default $CTB_SECRET)')
    .option('--tool <name>', 'send tool.invoke of this tool')
    .addOption(
      new Option('--params <json>', 'parameters of --tool as a JSON object').argParser(
        parseJsonObject('--params'),
      ),
    )
    .option('--body-file <file>', 'send these exact body bytes (re-signed per request)')
    .addOption(
      new Option('--type <type>', 'send ping (default), capabilities.list or tools.list').argParser(
        parseType,
      ),
    )
    .addOption(
      new Option('-c, --connections <n>', 'concurrent keep-alive connections')
        .default(DEFAULT_CONNECTIONS)
        .argParser(parseInteger('-c/--connections', { min: 1, max: 1000 })),
    )
    .addOption(
      new Option('-d, --duration <time>', 'run for this long (10s, 500ms, 2m); default 10s').argParser(
        parseDuration,
      ),
    )
    .addOption(
      new Option('-n, --requests <n>', 'send exactly this many requests').argParser(
        parseInteger('-n/--requests', { min: 1 }),
      ),
    )
    .addOption(
      new Option(
        '--rate <r>',
        'constant arrival rate in requests/s (latency measured from the intended send time)',
      ).argParser(parseRate),
    )
    .addOption(
      new Option(
        '--threshold <expr>',
        'fail (exit 1) unless it holds: p99<200, p50<=50, max<1s, errors<1%, rps>=1000 (repeatable)',
      ).argParser(collectThreshold),
    )
    .addOption(
      new Option(
        '--export <tool>',
        'write a k6 or Artillery script of this run (signing every request itself) instead of running it',
      ).choices(LOAD_EXPORT_FORMATS),
    )
    .option('--output <dir>', 'folder for --export files (default: the current folder)')
    .option('--json', 'print the report as JSON')
    .addOption(
      new Option('--timeout <ms>', 'per-request timeout')
        .default(PLATFORM_TIMEOUT_MS)
        .argParser(parseInteger('--timeout', { min: 1 })),
    )
    .action(async (flags: LoadFlags) => {
      if (flags.output !== undefined && flags.export === undefined)
        throw new UsageError('--output goes with --export k6|artillery');
      if (flags.export !== undefined) {
        if (flags.duration !== undefined && flags.requests !== undefined)
          throw new UsageError('give -d/--duration or -n/--requests, not both');
        await writeLoadExport(flags.export, flags.output ?? '.', {
          request: await requestSpec(flags),
          connections: flags.connections,
          durationMs: flags.duration,
          requests: flags.requests,
          rate: flags.rate,
          timeoutMs: flags.timeout,
          thresholds: flags.threshold ?? [],
        });
        return;
      }
      const url = requireUrl(flags.url);
      const secret = requireSecret(flags.secret);
      if (flags.duration !== undefined && flags.requests !== undefined)
        throw new UsageError('give -d/--duration or -n/--requests, not both');
      const request = await requestSpec(flags);
      // Ctrl-C ends the run early and still prints the report of what was sent.
      const controller = new AbortController();
      const onInt = () => controller.abort();
      process.once('SIGINT', onInt);
      let report;
      try {
        report = await runLoad(
          {
            url,
            secret,
            request,
            connections: flags.connections,
            durationMs: flags.duration,
            requests: flags.requests,
            rate: flags.rate,
            thresholds: flags.threshold,
            timeoutMs: flags.timeout,
            signal: controller.signal,
            // A connector that records History (ctb connector serve, the app's) keeps a sample of it.
            traceId: runLabel('load', randomUUID()),
          },
          {
            onProgress: flags.json
              ? undefined
              : (p) => process.stderr.write(terminalSafe(formatLoadProgress(p)) + '\n'),
          },
        );
      } finally {
        process.removeListener('SIGINT', onInt);
      }
      if (flags.json) printJson(report);
      else out(formatLoadReport(report));
      const broken = report.thresholds.filter((t) => !t.ok);
      if (broken.length > 0)
        throw new CheckFailedError(
          `${broken.length} threshold(s) broken: ${broken.map((t) => t.expression).join(', ')}`,
        );
      if (report.thresholds.length === 0 && report.requests > 0 && report.ok === 0)
        throw new CheckFailedError(
          `no request succeeded (${report.errors.byCode.map((b) => `${b.key}: ${b.count}`).join(', ')})`,
        );
    });
}
