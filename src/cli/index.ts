// Entry point of `ctb`: builds the program for this argv (see program.ts) and turns thrown
// UsageError / CheckFailedError into one line on stderr and exit code 2 / 1.

import { CommanderError } from 'commander';
import { exitQuietlyWhenOutputCloses } from './closed-output.ts';
import { exitCodeOf } from './errors.ts';
import { buildProgram } from './program.ts';

export async function main(argv: string[]): Promise<number> {
  try {
    const program = await buildProgram(argv);
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

exitQuietlyWhenOutputCloses();
const code = await main(process.argv.slice(2));
// Long-running commands (serve) keep the event loop alive and never reach here with a code.
if (code !== 0 || !process.listenerCount('SIGINT')) process.exitCode = code;
