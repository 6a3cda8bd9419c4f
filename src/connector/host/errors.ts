// The one error class of the local connector host: a stable code the UI and CLI switch on, a
// message a person can act on, and structured details (failing paths, the port in use...).

export type HostErrorCode =
  | 'invalid_definition'
  | 'invalid_json'
  | 'not_found'
  | 'name_taken'
  | 'port_in_use'
  | 'listen_failed'
  | 'not_running'
  | 'io_error'
  | 'mirror_failed';

export interface DefinitionProblem {
  /** JSON pointer into the definition, e.g. `/tools/2/behaviour/ms`; `` for the whole document. */
  path: string;
  message: string;
}

export class HostError extends Error {
  readonly code: HostErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: HostErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'HostError';
    this.code = code;
    this.details = details;
  }

  /** The failing paths of an invalid_definition error (empty for other codes). */
  get problems(): DefinitionProblem[] {
    return (this.details.problems as DefinitionProblem[] | undefined) ?? [];
  }
}

export function invalidDefinition(
  problems: DefinitionProblem[],
  context = 'The connector definition is invalid',
): HostError {
  const lines = problems.map((p) => `${p.path || '/'}: ${p.message}`);
  const shown = lines.slice(0, 8).join('; ') + (lines.length > 8 ? `; …and ${lines.length - 8} more` : '');
  return new HostError('invalid_definition', `${context}: ${shown}`, { problems });
}
