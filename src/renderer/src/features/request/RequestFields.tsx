// The request fields the Console and the Load form share: the request type, the tool to invoke
// (a list when the target's tools are known, free text otherwise) and the parameter problems.

import type { ReactNode } from 'react';
import type { ToolDefinitionDto } from '../../../../shared/index.ts';
import type { EditorProblem } from '../../components/CodeEditor/index.tsx';
import { FieldError } from '../../components/ErrorNote.tsx';

export function RequestTypeSelect<T extends string>(p: {
  id: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  return (
    <>
      <label htmlFor={p.id}>Type</label>
      <select id={p.id} data-testid={p.id} value={p.value} onChange={(e) => p.onChange(e.target.value as T)}>
        {p.options.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </>
  );
}

export interface ToolFieldProps {
  /** id of the field; data-testids `<id>`, `<id>-input` (free text) and `<id>-error`. */
  id: string;
  tools: ToolDefinitionDto[];
  value: string;
  onChange: (name: string) => void;
  placeholder: string;
  error?: string;
  /** Say which tools the customer chat does not offer (the Console sends as the platform would). */
  markOffChat?: boolean;
  /** Shown under the field, e.g. the chosen tool's description. */
  hint?: ReactNode;
}

export function ToolField(p: ToolFieldProps) {
  const known = p.tools.some((t) => t.name === p.value);
  return (
    <>
      <label htmlFor={p.id}>Tool</label>
      <div>
        {p.tools.length > 0 ? (
          <select id={p.id} data-testid={p.id} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
            {!known && <option value={p.value}>{p.value || 'Pick a tool'}</option>}
            {p.tools.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
                {p.markOffChat && t.chat === false ? ' (off customer chat)' : ''}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={p.id}
            data-testid={`${p.id}-input`}
            className="mono"
            value={p.value}
            onChange={(e) => p.onChange(e.target.value)}
            placeholder={p.placeholder}
          />
        )}
        {p.hint}
        <FieldError message={p.error} testId={`${p.id}-error`} />
      </div>
    </>
  );
}

/** What the editor found wrong in the parameters, when the form itself has no error to show. */
export function ParamsProblems(p: {
  problems: EditorProblem[];
  fieldError?: string;
  max: number;
  testId: string;
  /** What sending anyway would do. */
  note: string;
}) {
  if (p.fieldError || p.problems.length === 0) return null;
  return (
    <ul className="warnings" data-testid={p.testId}>
      {p.problems.slice(0, p.max).map((x, i) => (
        <li key={i}>
          line {x.line}: {x.message}
        </li>
      ))}
      <li className="muted">{p.note}</li>
    </ul>
  );
}
