// Exit-code discipline of decisions.md 4: 0 success, 1 a check or request failed, 2 bad usage.
// Commands throw these; the entry point prints one clear line and exits with the code.

export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export class CheckFailedError extends Error {
  readonly exitCode = 1;
  constructor(message: string) {
    super(message);
    this.name = 'CheckFailedError';
  }
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError || error instanceof CheckFailedError) return error.exitCode;
  return 1;
}
