// Entry point of `ctb`: builds the program for this argv (see program.ts) and turns thrown
// UsageError / CheckFailedError into one line on stderr and exit code 2 / 1.

import { enableCompileCache } from 'node:module';
import { CommanderError } from 'commander';
import { exitQuietlyWhenOutputCloses } from './closed-output.ts';
import { exitCodeOf } from './errors.ts';
import { terminalSafe } from './terminal.ts';
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
    process.stderr.write(`ctb: ${terminalSafe(message)}\n`);
    return exitCodeOf(error);
  }
}

// Before the command's module loads: V8 then reuses the compiled code of the (bundled) CLI across
// runs, most of what `ctb serve` spends before printing its URL. NODE_DISABLE_COMPILE_CACHE=1 opts out.
enableCompileCache();
exitQuietlyWhenOutputCloses();
const code = await main(process.argv.slice(2));
// Long-running commands (serve) keep the event loop alive and never reach here with a code.
if (code !== 0 || !process.listenerCount('SIGINT')) process.exitCode = code;
