// The fields the Add and Edit connection forms share: a text field that shows the form's own
// check under it and the engine's refusal when it concerns that field, and the Enabled checkbox.

import type { ApiError } from '../../../../shared/index.ts';
import { ErrorNote, FieldError } from '../../components/ErrorNote.tsx';

export interface ConnectionTextFieldProps {
  /** id and data-testid of the input; its errors are `<id>-error` and `<id>-server-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The problem found before sending. */
  problem?: string;
  /** The engine's error when it names this field, else null. */
  serverError: ApiError | null;
  mono?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
}

export function ConnectionTextField(p: ConnectionTextFieldProps) {
  return (
    <>
      <label htmlFor={p.id}>{p.label}</label>
      <div>
        <input
          id={p.id}
          data-testid={p.id}
          className={p.mono ? 'mono' : undefined}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
          placeholder={p.placeholder}
          aria-invalid={Boolean(p.problem || p.serverError)}
          autoFocus={p.autoFocus}
        />
        <FieldError message={p.problem} testId={`${p.id}-error`} />
        {p.serverError && <ErrorNote error={p.serverError} testId={`${p.id}-server-error`} />}
      </div>
    </>
  );
}

export function EnabledCheckbox({
  testId,
  checked,
  onChange,
}: {
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <>
      <span />
      <label className="check">
        <input
          type="checkbox"
          data-testid={testId}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        Enabled
      </label>
    </>
  );
}
