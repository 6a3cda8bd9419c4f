// Errors a use-case raises for a user's mistake or a state that forbids the action: a snake_case
// code and a message that teaches; every transport turns them into `{ ok:false, error }` as they are.

export class EngineError extends Error {
  readonly code: string;
  readonly details: unknown;
  constructor(code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }
}

export const validationError = (message: string, field?: string): EngineError =>
  new EngineError('validation_error', message, field === undefined ? undefined : { field });
