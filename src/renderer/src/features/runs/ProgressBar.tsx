// A determinate progress bar with its label, for the runs in flight (conformance, load).
// Shared by both run screens so progress looks and reads the same (an ARIA progressbar).

export function ProgressBar({
  fraction,
  label,
  testId,
}: {
  fraction: number;
  label: string;
  testId?: string;
}) {
  const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  return (
    <div className="progress" data-testid={testId}>
      <div
        className="progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={label}
      >
        <div className="progress__fill" style={{ width: `${pct}%` }} />
      </div>
      <div className="progress__label small">{label}</div>
    </div>
  );
}
