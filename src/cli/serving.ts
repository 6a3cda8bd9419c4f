// The life of a long-running `ctb ... serve` command after its banner: what a failed listen means
// to the user, and a clean stop on Ctrl-C or SIGTERM.

import { CheckFailedError, UsageError } from './errors.ts';
import { out } from './render.ts';

/** A busy or forbidden port is a failed start (exit 1); a host that is not ours is bad usage (exit 2). */
export function listenError(error: NodeJS.ErrnoException, at: { host: string; port: number }): Error {
  if (error.code === 'EADDRINUSE')
    return new CheckFailedError(
      `port ${at.port} is already in use on ${at.host}: choose another with --port (0 picks a free one)`,
    );
  if (error.code === 'EACCES')
    return new CheckFailedError(`not allowed to listen on ${at.host}:${at.port}: choose a port above 1023`);
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return new UsageError(`--host ${at.host} is not an address of this machine`);
  return new CheckFailedError(`cannot listen on ${at.host}:${at.port}: ${error.message}`);
}

export function closeOnSignal(close: () => Promise<void>): void {
  const stop = async (signal: string) => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // A keep-alive client must not hold the process open past a short grace period.
    setTimeout(() => process.exit(0), 2000).unref();
    await close().catch(() => undefined);
    out(`stopped (${signal})`);
  };
  const onSignal = (signal: NodeJS.Signals) => void stop(signal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
