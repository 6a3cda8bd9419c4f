// A choice of a few options drawn as one segmented control: a radio group underneath, so the
// keyboard and screen readers treat it as one.

import type { ReactNode } from 'react';

export interface SegmentedProps<T extends string> {
  /** The radio group's name; each option's data-testid is `<name>-<value>`. */
  name: string;
  ariaLabel: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}

export function Segmented<T extends string>(p: SegmentedProps<T>) {
  return (
    <div className="segmented" role="radiogroup" aria-label={p.ariaLabel} data-testid={p.testId}>
      {p.options.map((o) => (
        <label
          key={o.value}
          className={p.value === o.value ? 'segmented__opt segmented__opt--on' : 'segmented__opt'}
        >
          <input
            type="radio"
            name={p.name}
            value={o.value}
            checked={p.value === o.value}
            disabled={p.disabled}
            data-testid={`${p.name}-${o.value}`}
            onChange={() => p.onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
