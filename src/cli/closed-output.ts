// A reader that goes away (`ctb tools | head -2`) closes our stdout; the next write fails with EPIPE.
// Handled once at the entry: stop at once, quietly, with the shell's code for "killed by SIGPIPE".

/** 128 + SIGPIPE (13): what `yes | head` reports under `set -o pipefail`. */
export const CLOSED_OUTPUT_EXIT_CODE = 141;

type Exit = (code: number) => void;

function isClosedPipe(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED';
}

/** Installs the handler on stdout and stderr; any other stream error stays fatal, as before. */
export function exitQuietlyWhenOutputCloses(
  streams: NodeJS.WritableStream[] = [process.stdout, process.stderr],
  exit: Exit = (code) => process.exit(code),
): void {
  for (const stream of streams)
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!isClosedPipe(error)) throw error;
      exit(CLOSED_OUTPUT_EXIT_CODE);
    });
}
