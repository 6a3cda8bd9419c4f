// The one conversion every transport uses to turn whatever a handler threw into the
// `{ ok:false, error }` Result of src/shared (no stacks, ever); input errors are the engine's own.

import type { ApiError } from '../shared/index.ts';

// Engine errors carry snake_case codes written for users (EngineError, PlatformError, SecretKeyError,
// host errors). System and SQLite errors carry upper-case codes and messages with paths: those stay inside.
const USER_CODE = /^[a-z][a-z0-9_]*$/;

/** The ApiError to answer for a thrown value; `log` receives the unexpected ones in full. */
export function toApiError(error: unknown, log: (error: unknown) => void = defaultLog): ApiError {
  if (error instanceof Error) {
    const { code, details } = error as { code?: unknown; details?: unknown };
    if (typeof code === 'string' && USER_CODE.test(code)) {
      return details === undefined
        ? { code, message: error.message }
        : { code, message: error.message, details: safeDetails(details) };
    }
  }
  log(error);
  return {
    code: 'internal',
    message: 'the engine failed unexpectedly; the details are in the log of the process that runs it',
  };
}

function defaultLog(error: unknown): void {
  process.stderr.write(
    `ctb: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}

/** Details must survive JSON (IPC structured clone and HTTP alike). */
function safeDetails(details: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(details)) as unknown;
  } catch {
    return undefined;
  }
}
