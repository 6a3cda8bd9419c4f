// Entry point of `ctb`: builds the commander program from one module per command family and
// turns thrown UsageError / CheckFailedError into one line on stderr and exit code 2 / 1.

import { Command, CommanderError } from 'commander';
import { exitCodeOf } from './errors.ts';
import { registerCallCommands } from './commands/call.ts';
import { registerSignatureCommands } from './commands/signature.ts';
import { registerConnectorCommands } from './commands/connector.ts';
import { registerPlatformCommands } from './commands/platform.ts';
import { registerConformanceCommand } from './commands/conformance.ts';
import { registerLoadCommand } from './commands/load.ts';
import { registerAppCommands } from './commands/app.ts';
import { registerListenCommand } from './commands/listen.ts';
import { registerRunCommand } from './commands/run.ts';

function buildProgram(): Command {
  const program = new Command('ctb')
    .description('Connector Testbench: mock platform, local connector host and signed-request tools')
    // One line per usage error, like our own UsageError lines (commander's default is two lines).
    .configureOutput({
      outputError: (str, write) =>
        write(`ctb: ${str.replace(/^error: /, '').trimEnd()} (run with --help for usage)\n`),
    })
    .exitOverride();
  registerAppCommands(program);
  registerConnectorCommands(program);
  registerPlatformCommands(program);
  registerCallCommands(program);
  registerSignatureCommands(program);
  registerConformanceCommand(program);
  registerLoadCommand(program);
  registerListenCommand(program);
  registerRunCommand(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version output are successes; anything else commander rejects is bad usage.
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      )
        return 0;
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ctb: ${message}\n`);
    return exitCodeOf(error);
  }
}

const code = await main(process.argv.slice(2));
// Long-running commands (serve) keep the event loop alive and never reach here with a code.
if (code !== 0 || !process.listenerCount('SIGINT')) process.exitCode = code;
