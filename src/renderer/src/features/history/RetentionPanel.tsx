// Retention settings: keep at most N exchanges and/or D days. The engine stores them and prunes
// in small batches, now and every minute, so neither the engine nor this screen blocks.

import { useEffect, useState } from 'react';
import type { HistoryRetentionDto } from '../../../../shared/history.ts';
import { useHistoryStore } from '../../store/history/action.ts';

export function RetentionPanel() {
  const retention = useHistoryStore((s) => s.retention);
  useEffect(() => {
    void useHistoryStore.getState().loadRetention();
  }, []);
  return (
    <details className="section hretention" data-testid="history-retention">
      <summary>
        <strong>Retention</strong>{' '}
        <span className="muted small">
          {retention
            ? `${retention.total.toLocaleString()} exchanges stored · ${describe(retention.maxCount, retention.maxAgeDays)}`
            : 'loading…'}
        </span>
      </summary>
      {/* Keyed by the stored limits: the inputs start again from them after every save. */}
      <RetentionForm key={`${retention?.maxCount}:${retention?.maxAgeDays}`} retention={retention} />
    </details>
  );
}

function RetentionForm({ retention }: { retention: HistoryRetentionDto | null }) {
  const busy = useHistoryStore((s) => s.busy);
  const [count, setCount] = useState(retention?.maxCount?.toString() ?? '');
  const [days, setDays] = useState(retention?.maxAgeDays?.toString() ?? '');
  const parse = (v: string) => (v.trim() === '' ? null : Number(v));
  const invalid = [count, days].some(
    (v) => v.trim() !== '' && !(Number.isInteger(Number(v)) && Number(v) >= 1),
  );
  return (
    <form
      className="htransfer__row"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) void useHistoryStore.getState().saveRetention(parse(count), parse(days));
      }}
    >
      <label className="hfilters__field">
        <span className="field-label">Keep at most (exchanges)</span>
        <input
          type="number"
          min={1}
          step={1}
          placeholder="no limit"
          data-testid="retention-count"
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
      </label>
      <label className="hfilters__field">
        <span className="field-label">Keep for (days)</span>
        <input
          type="number"
          min={1}
          step={1}
          placeholder="no limit"
          data-testid="retention-days"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className="btn btn--small btn--primary"
        data-testid="retention-save"
        disabled={invalid || busy !== null}
      >
        Save and prune
      </button>
      {invalid && <span className="field-error">Whole numbers of 1 or more, or empty for no limit.</span>}
      {retention?.lastPrune && (
        <span className="muted small" data-testid="retention-last">
          Last prune {new Date(retention.lastPrune.at).toLocaleTimeString()}: {retention.lastPrune.deleted}{' '}
          deleted.
        </span>
      )}
    </form>
  );
}

function describe(maxCount: number | null, maxAgeDays: number | null): string {
  const parts = [
    maxCount !== null ? `newest ${maxCount.toLocaleString()} kept` : null,
    maxAgeDays !== null ? `${maxAgeDays} days kept` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'kept forever';
}
