// Small pieces shared by the screens: status badge, copy button, two-step confirm, empty state.
// Kept here once so every screen shows the same status words and confirms destructive steps alike.

import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { ConnectionStatus } from '../../../shared/index.ts';

const STATUS_TEXT: Record<ConnectionStatus, string> = {
  unknown: 'unknown',
  healthy: 'healthy',
  degraded: 'degraded',
  failing: 'failing',
};

export function StatusBadge({ status, testId }: { status: ConnectionStatus; testId?: string }) {
  return (
    <span className={`badge badge--${status}`} data-testid={testId} data-status={status}>
      {STATUS_TEXT[status]}
    </span>
  );
}

export function Badge({
  tone,
  children,
  testId,
  title,
}: {
  tone: 'ok' | 'warn' | 'bad' | 'info' | 'muted';
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  return (
    <span className={`badge badge--${tone}`} data-testid={testId} title={title}>
      {children}
    </span>
  );
}

export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string;
  label?: string;
  testId: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <button
      type="button"
      className="btn btn--small"
      data-testid={testId}
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy by hand' : label}
    </button>
  );
}

/** A destructive action asks once more in place, instead of a modal that steals focus. */
export function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  busy,
  testId,
  question,
}: {
  label: string;
  confirmLabel: string;
  question: string;
  onConfirm: () => void;
  busy?: boolean;
  testId: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="btn btn--danger-quiet"
        data-testid={testId}
        onClick={() => setAsking(true)}
        disabled={busy}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question} data-testid={`${testId}-confirm-group`}>
      <span className="confirm__q">{question}</span>
      <button
        type="button"
        className="btn btn--danger"
        data-testid={`${testId}-confirm`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        autoFocus
      >
        {confirmLabel}
      </button>
      <button type="button" className="btn" data-testid={`${testId}-cancel`} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

export function EmptyState({
  title,
  children,
  testId,
}: {
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className="empty" data-testid={testId}>
      <div className="empty__title">{title}</div>
      {children && <div className="empty__body">{children}</div>}
    </div>
  );
}

export function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="section" data-testid={testId}>
      <header className="section__head">
        <h3>{title}</h3>
        {actions && <div className="section__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function relativeTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined) return 'never';
  const t = typeof iso === 'number' ? iso : Date.parse(iso);
  if (!Number.isFinite(t)) return String(iso);
  const s = Math.round((Date.now() - t) / 1000);
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return new Date(t).toLocaleString();
}
