// The start and cancel buttons under a run form: start submits the form, cancel shows only while
// the run is going and says so while the engine winds the run down.

export interface RunActionsProps {
  /** Prefix of the buttons' data-testid: `<prefix>-run` and `<prefix>-cancel`. */
  testIdPrefix: string;
  running: boolean;
  cancelling: boolean;
  canRun: boolean;
  runLabel: string;
  cancelLabel: string;
  cancellingLabel: string;
  onCancel: () => void;
}

export function RunActions(p: RunActionsProps) {
  return (
    <div className="form__actions">
      <button
        type="submit"
        className="btn btn--primary"
        data-testid={`${p.testIdPrefix}-run`}
        disabled={!p.canRun}
      >
        {p.running ? 'Running…' : p.runLabel}
      </button>
      {p.running && (
        <button
          type="button"
          className="btn"
          data-testid={`${p.testIdPrefix}-cancel`}
          disabled={p.cancelling}
          onClick={p.onCancel}
        >
          {p.cancelling ? p.cancellingLabel : p.cancelLabel}
        </button>
      )}
    </div>
  );
}
