// Copy as curl (re-signed with a fresh timestamp, or byte for byte as sent) and HAR export. The
// command stays visible, since a plain-http page may not get clipboard access.

import { useInspectorStore } from '../../store/inspector/action.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';

export function ExportBar() {
  const curl = useInspectorStore((s) => s.curl);
  const error = useInspectorStore((s) => s.exportError);
  const st = useInspectorStore.getState;
  return (
    <section className="section" data-testid="export-section">
      <header className="section__head">
        <h3>Reproduce</h3>
        <div className="section__actions">
          <button
            type="button"
            className="btn btn--small"
            data-testid="copy-curl-resigned"
            onClick={() => void st().copyCurl('re-signed')}
          >
            Copy curl (re-signed)
          </button>
          <button
            type="button"
            className="btn btn--small"
            data-testid="copy-curl-as-sent"
            onClick={() => void st().copyCurl('as-sent')}
          >
            Copy curl (as sent)
          </button>
          <button
            type="button"
            className="btn btn--small"
            data-testid="export-har"
            onClick={() => void st().exportHar()}
          >
            Export HAR
          </button>
        </div>
      </header>
      <ErrorNote error={error} testId="export-error" />
      {curl && (
        <>
          <div className="small muted" data-testid="curl-status">
            {curl.copied ? 'Copied to the clipboard' : 'Select the command to copy it'} (
            {curl.mode === 're-signed'
              ? 're-signed with a fresh timestamp'
              : 'exactly as sent, timestamp included'}
            ).
          </div>
          <pre className="code code--short" data-testid="curl-command">
            {curl.command}
          </pre>
        </>
      )}
    </section>
  );
}
