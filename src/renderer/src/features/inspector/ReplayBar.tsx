// Replay from the Inspector: the exchange on screen sent again as sent or re-signed; the replay
// is a new History exchange and the Inspector moves to it.

import { useInspectorStore } from '../../store/inspector/action.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';

export function ReplayBar({ id }: { id: number }) {
  const busy = useInspectorStore((s) => s.replaying);
  const error = useInspectorStore((s) => s.replayError);
  const replay = (mode: 'as-sent' | 're-signed') => useInspectorStore.getState().replay(id, mode);
  return (
    <section className="section" data-testid="replay-section">
      <header className="section__head">
        <h3>Replay</h3>
        <div className="section__actions">
          <button
            type="button"
            className="btn btn--small"
            data-testid="replay-as-sent"
            disabled={busy}
            title="The same bytes, timestamp and signature: what the connector does with a replay or an aged request"
            onClick={() => void replay('as-sent')}
          >
            Replay as sent
          </button>
          <button
            type="button"
            className="btn btn--small"
            data-testid="replay-resigned"
            disabled={busy}
            title="The same body and request id with a fresh timestamp and signature"
            onClick={() => void replay('re-signed')}
          >
            Replay re-signed
          </button>
        </div>
      </header>
      <ErrorNote error={error} testId="replay-error" />
    </section>
  );
}
