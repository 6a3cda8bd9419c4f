// One exchange, top to bottom: verdict and diagnosis first (what a person came for), then the
// signature check, the request as sent, the answer, the timing, and copy/export.

import type { ExchangeDetailDto } from '../../../../shared/index.ts';
import { exchangeTitle, verdictTone } from '../../store/inspector/selectors.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { Badge } from '../../components/common.tsx';
import { BodyTabs } from './BodyTabs.tsx';
import { HeadersTable } from './HeadersTable.tsx';
import { SignaturePanel } from './SignaturePanel.tsx';
import { Waterfall } from './Waterfall.tsx';
import { ExportBar } from './ExportBar.tsx';
import { ReplayBar } from './ReplayBar.tsx';
import { SentVsReceived } from './SentVsReceived.tsx';
import { SaveAsScenario } from '../scenarios/SaveAsScenario.tsx';
import { FaultNote, useTamperMark } from './FaultNote.tsx';

export function ExchangeView({ exchange: x, compact }: { exchange: ExchangeDetailDto; compact?: boolean }) {
  const tone = verdictTone(x.verdict, x.responseStatus);
  const tamperMark = useTamperMark(x);
  return (
    <article className="exchange" data-testid="exchange-view" data-exchange-id={x.id}>
      <header className="exchange__head">
        <div>
          <h3>
            <span className="mono">{exchangeTitle(x)}</span>{' '}
            <Badge tone={tone} testId="exchange-verdict">
              {x.verdict}
            </Badge>
          </h3>
          <div className="muted small">
            #{x.id} · {x.direction} · {new Date(x.startedAt).toLocaleTimeString()}
            {x.attempt > 1 ? ` · attempt ${x.attempt}` : ''}
            {x.faults?.length ? ` · faults: ${x.faults.join(', ')}` : ''}
          </div>
        </div>
        {compact && (
          <button
            type="button"
            className="btn btn--small"
            data-testid="open-in-inspector"
            onClick={() => useUiStore.getState().navigate({ name: 'inspector', param: String(x.id) })}
          >
            Open in Inspector
          </button>
        )}
      </header>

      <FaultNote exchange={x} />
      <SignaturePanel exchange={x} />
      <SentVsReceived id={x.id} />

      <section className="section" data-testid="request-section">
        <header className="section__head">
          <h3>Request</h3>
        </header>
        <div className="mono request-line" data-testid="request-line">
          <strong>{x.method}</strong> {x.url}
        </div>
        <HeadersTable headers={x.requestHeaders} testId="request-headers" />
        <BodyTabs which="request" b64={x.requestBodyBase64} mark={tamperMark} />
      </section>

      <section className="section" data-testid="response-section">
        <header className="section__head">
          <h3>
            Answer{' '}
            {x.responseStatus !== null ? (
              <Badge
                tone={x.responseStatus < 300 ? 'ok' : x.responseStatus < 500 ? 'warn' : 'bad'}
                testId="response-status"
              >
                HTTP {x.responseStatus}
              </Badge>
            ) : (
              <Badge tone="bad" testId="response-status">
                no answer
              </Badge>
            )}
          </h3>
        </header>
        {x.errorMessage && (
          <div className="error-note" data-testid="exchange-error">
            {x.errorMessage}
          </div>
        )}
        {x.responseHeaders && <HeadersTable headers={x.responseHeaders} testId="response-headers" />}
        {x.responseBodyBase64 !== null && <BodyTabs which="response" b64={x.responseBodyBase64} />}
      </section>

      {x.timing && (
        <section className="section" data-testid="timing-section">
          <header className="section__head">
            <h3>Timing</h3>
          </header>
          <Waterfall timing={x.timing} />
        </section>
      )}
      <ExportBar />
      {x.direction === 'outgoing' && <SaveAsScenario exchangeId={x.id} />}
      {!compact && <ReplayBar id={x.id} />}
    </article>
  );
}
