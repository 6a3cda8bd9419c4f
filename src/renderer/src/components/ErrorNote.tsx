// The inline error shown right where an action failed: its code, its message, and the details the
// engine gave (failing paths, SSRF reasons) when there are some.

import type { ApiError } from '../../../shared/index.ts';
import { problemsOf, reasonsOf } from '../lib/json-input.ts';

export function ErrorNote({
  error,
  testId,
  prefix,
}: {
  error: ApiError | null | undefined;
  testId: string;
  prefix?: string;
}) {
  if (!error) return null;
  const reasons = reasonsOf(error.details);
  const problems = problemsOf(error.details);
  return (
    <div className="error-note" role="alert" data-testid={testId} data-error-code={error.code}>
      <div>
        {prefix && <strong>{prefix}: </strong>}
        <code className="error-note__code">{error.code}</code> {error.message}
      </div>
      {reasons.length > 0 && (
        <ul className="error-note__list">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {problems.length > 0 && problems.length <= 12 && (
        <ul className="error-note__list">
          {problems.map((p, i) => (
            <li key={i}>
              <code>{p.path || '/'}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A one-line message under a field, for problems found before anything is sent. */
export function FieldError({
  message,
  testId,
  id,
}: {
  message: string | undefined;
  testId: string;
  id?: string;
}) {
  if (!message) return null;
  return (
    <div className="field-error" role="alert" data-testid={testId} id={id}>
      {message}
    </div>
  );
}
