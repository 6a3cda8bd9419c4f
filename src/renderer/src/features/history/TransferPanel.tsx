// Export the selection or the filtered history as HAR or JSON (redacted unless the user ticks
// the box and reads the warning), and import a HAR or a History JSON file back.

import { useRef } from 'react';
import { useHistoryStore } from '../../store/history/action.ts';
import { useShallow } from 'zustand/react/shallow';

export function TransferPanel() {
  const { includeSecrets, format, selected, busy } = useHistoryStore(
    useShallow((s) => ({
      includeSecrets: s.includeSecrets,
      format: s.format,
      selected: s.selected,
      busy: s.busy,
    })),
  );
  const st = useHistoryStore.getState;
  const file = useRef<HTMLInputElement>(null);
  return (
    <section className="section htransfer" data-testid="history-transfer">
      <header className="section__head">
        <h3>Export and import</h3>
      </header>
      <div className="htransfer__row">
        <label className="hfilters__field">
          <span className="field-label">Format</span>
          <select
            data-testid="history-export-format"
            value={format}
            onChange={(e) => st().setExportOptions({ format: e.target.value as 'har' | 'json' })}
          >
            <option value="har">HAR 1.2</option>
            <option value="json">JSON (byte exact)</option>
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            data-testid="history-export-secrets"
            checked={includeSecrets}
            onChange={(e) => st().setExportOptions({ includeSecrets: e.target.checked })}
          />
          Include signatures and credentials
        </label>
        <button
          type="button"
          className="btn btn--small"
          data-testid="history-export-selection"
          disabled={selected.length === 0 || busy !== null}
          onClick={() => void st().exportHistory('selection')}
        >
          Export selection ({selected.length})
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="history-export-filter"
          disabled={busy !== null}
          onClick={() => void st().exportHistory('filter')}
        >
          Export all matching
        </button>
        <span className="htransfer__sep" />
        <input
          ref={file}
          type="file"
          accept=".har,.json,application/json"
          className="sr-only"
          data-testid="history-import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void st().importFile(f);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className="btn btn--small"
          data-testid="history-import"
          disabled={busy !== null}
          onClick={() => file.current?.click()}
        >
          Import HAR or JSON…
        </button>
      </div>
      {includeSecrets && (
        <p className="note note--warn small" data-testid="history-export-warning">
          The file will hold request signatures and any credential-looking headers or body fields. Anyone with
          it can replay those requests within their timestamp window. Keep it private.
        </p>
      )}
    </section>
  );
}
