// `ctb conformance` (decisions.md 4): grades a connector against the check catalogue and prints
// pretty progress, JSON or JUnit XML. Exit 1 when a must-level check fails, 2 on bad usage.

import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { Option } from 'commander';
import { DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS } from '../../protocol/index.ts';
import {
  DEFAULT_CHECK_TIMEOUT_MS,
  formatPrettyLine,
  formatPrettySummary,
  runConformance,
  staticCheckIds,
  toJson,
  toJunit,
} from '../../conformance/index.ts';
import type { ConformanceReport } from '../../conformance/index.ts';
import { unreachableReason } from '../../engine/runs/unreachable.ts';
import { CheckFailedError, UsageError } from '../errors.ts';
import { parseHttpUrl, parseInteger, requireSecret, requireUrl } from '../options.ts';
import { out } from '../render.ts';

type Reporter = 'pretty' | 'json' | 'junit';

interface ConformanceFlags {
  url?: string;
  secret?: string;
  skew: number;
  reporter: Reporter;
  output?: string;
  only?: string[];
  timeout: number;
}

function parseReporter(value: string): Reporter {
  if (value === 'pretty' || value === 'json' || value === 'junit') return value;
  throw new UsageError(`--reporter expects pretty, json or junit, got "${value.slice(0, 40)}"`);
}

/** `--only a,b --only c`: each entry must select at least one check. */
function collectOnly(value: string, previous: string[] | undefined): string[] {
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = staticCheckIds();
  for (const id of ids) {
    const selectsStatic = known.some((k) => k === id || k.startsWith(`${id}.`));
    const selectsTool = id === 'invoke' || /^invoke\.(valid|invalid)(\..+)?$/.test(id);
    if (!selectsStatic && !selectsTool)
      throw new UsageError(
        `--only "${id}" selects no check; groups are ${[...new Set(known.map((k) => k.split('.')[0]))].join(', ')} (e.g. --only timestamp,signature.wrong-secret)`,
      );
  }
  return [...(previous ?? []), ...ids];
}

export function registerConformanceCommand(program: Command): void {
  program
    .command('conformance')
    .description(
      'grade a connector against the protocol: exit 0 when every must-level check passes, 1 otherwise',
    )
    .addOption(
      new Option(
        '--url <url>',
        'connector endpoint, e.g. http://127.0.0.1:4020/service (default $CTB_URL)',
      ).argParser(parseHttpUrl('--url')),
    )
    .option('--secret <secret>', 'signing secret shared with the connector (default $CTB_SECRET)')
    .addOption(
      new Option('--skew <seconds>', "the connector's replay window (maxTimestampSkewSeconds) under test")
        .default(DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS)
        .argParser(parseInteger('--skew', { min: 0, max: 86_400 })),
    )
    .addOption(
      new Option('--reporter <name>', 'pretty, json or junit').default('pretty').argParser(parseReporter),
    )
    .option('--output <file>', 'write the report to this file (progress still shows on the terminal)')
    .addOption(
      new Option('--only <ids>', 'run only these checks or groups, comma-separated (repeatable)').argParser(
        collectOnly,
      ),
    )
    .addOption(
      new Option('--timeout <ms>', 'per-request timeout')
        .default(DEFAULT_CHECK_TIMEOUT_MS)
        .argParser(parseInteger('--timeout', { min: 1 })),
    )
    .action(async (flags: ConformanceFlags) => {
      const url = requireUrl(flags.url);
      const secret = requireSecret(flags.secret);
      // Progress lines go to the terminal unless stdout itself carries the JSON or XML report.
      const showProgress = flags.reporter === 'pretty' || flags.output !== undefined;
      const report = await runConformance({
        url,
        secret,
        skewSeconds: flags.skew,
        only: flags.only,
        timeoutMs: flags.timeout,
        onProgress: showProgress ? (check) => out(formatPrettyLine(check)) : undefined,
      });
      if (showProgress) out(formatPrettySummary(report));
      const text = render(report, flags.reporter);
      if (flags.output !== undefined) await writeReport(flags.output, text);
      else if (flags.reporter !== 'pretty') process.stdout.write(text);
      // The same "nothing answered" the app reports, from the engine; a refused connection says why.
      const unreachable = unreachableReason(report);
      if (unreachable && report.checks.some((c) => c.received?.error?.code === 'connect_error'))
        throw new CheckFailedError(`no answer from ${url}: ${unreachable}; is the connector running?`);
      if (!report.summary.conformant) process.exitCode = 1;
    });
}

function render(report: ConformanceReport, reporter: Reporter): string {
  if (reporter === 'json') return toJson(report);
  if (reporter === 'junit') return toJunit(report);
  return report.checks.map(formatPrettyLine).join('\n') + '\n' + formatPrettySummary(report) + '\n';
}

async function writeReport(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write --output ${file}: ${code ?? (error as Error).message}`);
  }
}
