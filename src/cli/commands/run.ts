// `ctb run <file-or-folder>`: runs scenario files against a connector and reports pretty, JSON or
// JUnit; exit 0 when every expectation holds, 1 when one fails, 2 for bad usage or an invalid file.

import type { Command } from 'commander';
import { Option } from 'commander';
import { writeFile } from 'node:fs/promises';
import { DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, PLATFORM_TIMEOUT_MS } from '../../protocol/index.ts';
import { CheckFailedError, UsageError } from '../errors.ts';
import { collect, parseHttpUrl, parseInteger, requireSecret, requireUrl } from '../options.ts';
import { out } from '../render.ts';

interface RunFlags {
  url?: string;
  secret?: string;
  env?: string;
  var?: string[];
  reporter: 'pretty' | 'json' | 'junit';
  output?: string;
  bail?: boolean;
  timeout: number;
  skew: number;
  dataDir?: string;
}

export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description(
      'run scenario files (a file or a folder of them) against a connector; exit 1 when an expectation fails',
    )
    .argument('<path>', 'a scenario file (.yaml, .yml, .json) or a folder of them')
    .addOption(
      new Option('--url <url>', 'connector endpoint (default $CTB_URL)').argParser(parseHttpUrl('--url')),
    )
    .option('--secret <secret>', 'signing secret (default $CTB_SECRET)')
    .option('--env <file>', 'variables for {{name}} placeholders, a YAML or JSON map')
    .option('--var <name=value>', 'a variable, over the file and --env (repeatable)', collect)
    .addOption(
      new Option('--reporter <kind>', 'report format').choices(['pretty', 'json', 'junit']).default('pretty'),
    )
    .option('--output <file>', 'write the report to this file (the summary still goes to the terminal)')
    .option('--bail', 'stop at the first failing step')
    .addOption(
      new Option('--timeout <ms>', 'per-request timeout')
        .default(PLATFORM_TIMEOUT_MS)
        .argParser(parseInteger('--timeout', { min: 1 })),
    )
    .addOption(
      new Option('--skew <seconds>', "the connector's accepted clock difference, for the diagnosis")
        .default(DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS)
        .argParser(parseInteger('--skew', { min: 1 })),
    )
    .option('--data-dir <dir>', 'record every exchange in this History (default $CTB_DATA_DIR when set)')
    .action(async (path: string, flags: RunFlags) => {
      const url = requireUrl(flags.url);
      const secret = requireSecret(flags.secret);
      const s = await import('../../scenarios/index.ts');
      let scenarios;
      const variables: Record<string, unknown> = {};
      try {
        scenarios = await s.readCollection(path);
        if (flags.env) Object.assign(variables, await s.readEnvFile(flags.env));
        for (const v of flags.var ?? []) {
          const [name, value] = s.parseVar(v);
          variables[name] = value;
        }
        s.checkVariables(scenarios, variables);
      } catch (error) {
        if (error instanceof s.ScenarioFileError || error instanceof s.VariableError)
          throw new UsageError(error.message);
        throw error;
      }
      const dataDir = flags.dataDir ?? process.env.CTB_DATA_DIR;
      const recorder = dataDir
        ? await import('../../engine/scenario-history.ts').then((m) => m.scenarioRecorder(dataDir))
        : null;
      let report;
      try {
        report = await s.runCollection(
          scenarios,
          { url, secret, toleranceSeconds: flags.skew },
          {
            variables,
            bail: flags.bail,
            timeoutMs: flags.timeout,
            record: recorder?.record,
          },
        );
      } finally {
        await recorder?.close();
      }
      const text =
        flags.reporter === 'json'
          ? JSON.stringify(report, null, 2)
          : flags.reporter === 'junit'
            ? s.formatJunit(
                report,
                scenarios.map((x) => ({ file: x.file, scenario: x.name, steps: x.steps })),
              )
            : s.formatPretty(report);
      if (flags.output) {
        await writeFile(flags.output, text).catch((error: NodeJS.ErrnoException) => {
          throw new UsageError(`--output ${flags.output}: cannot write it (${error.code ?? error.message})`);
        });
        out(
          `${report.passed} passed, ${report.failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''}; ${flags.reporter} report written to ${flags.output}`,
        );
      } else out(text);
      if (report.failed > 0) throw new CheckFailedError(`${report.failed} step(s) failed`);
    });
}
