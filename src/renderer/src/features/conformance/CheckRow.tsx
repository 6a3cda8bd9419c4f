// One graded check of a conformance run: symbol, level, id and title on one line; expanded, what
// was sent, what was expected and what came back (safe previews made by the engine).

import { useState } from 'react';
import type { CheckResultDto } from '../../../../shared/index.ts';
import { checkSymbol, checkTone } from '../../store/conformance/selectors.ts';

export function CheckRow({ check }: { check: CheckResultDto }) {
  const [open, setOpen] = useState(false);
  const tone = checkTone(check);
  return (
    <li
      className={`check-row check-row--${tone}`}
      data-testid="check-row"
      data-check-id={check.id}
      data-outcome={check.outcome}
      data-level={check.level}
    >
      <button
        type="button"
        className="check-row__head"
        aria-expanded={open}
        data-testid="check-toggle"
        onClick={() => setOpen(!open)}
      >
        <span className={`check-row__sym text-${tone}`} aria-label={check.outcome}>
          {checkSymbol(check)}
        </span>
        <span className={`level level--${check.level}`}>{check.level}</span>
        <span className="check-row__title">
          {check.title}
          <span className="mono muted small"> {check.id}</span>
        </span>
        <span className="muted small check-row__ms">{Math.round(check.durationMs)} ms</span>
      </button>
      {check.outcome !== 'pass' && !open && <div className="check-row__msg small">{check.message}</div>}
      {open && <CheckDetail check={check} />}
    </li>
  );
}

function CheckDetail({ check }: { check: CheckResultDto }) {
  const r = check.received;
  return (
    <div className="check-detail" data-testid="check-detail">
      <dl className="kv">
        <dt>Outcome</dt>
        <dd>{check.message || check.outcome}</dd>
        <dt>Expected</dt>
        <dd data-testid="check-expected">{check.expected}</dd>
        <dt>Reference</dt>
        <dd className="muted">{check.reference}</dd>
      </dl>
      <div className="check-detail__cols">
        <section>
          <h4>Sent</h4>
          {check.sent ? (
            <>
              <div className="mono small break">
                {check.sent.method} {check.sent.url}
              </div>
              <pre className="check-detail__pre" data-testid="check-sent">
                {check.sent.headers.map(([n, v]) => `${n}: ${v}`).join('\n')}
                {'\n\n'}
                {check.sent.body || '(empty body)'}
              </pre>
              <div className="muted small">{check.sent.bodyBytes} bytes</div>
            </>
          ) : (
            <div className="muted small">Nothing sent: graded from earlier answers.</div>
          )}
        </section>
        <section>
          <h4>Received</h4>
          {r ? (
            <>
              <div className="mono small">
                {r.status === null
                  ? `no HTTP answer${r.error ? ` (${r.error.code})` : ''}`
                  : `HTTP ${r.status}`}
                {r.contentType ? ` · ${r.contentType}` : ''} · {r.timeMs} ms
              </div>
              {r.error && <div className="small text-bad">{r.error.message}</div>}
              <pre className="check-detail__pre" data-testid="check-received">
                {r.body || '(empty body)'}
              </pre>
              <div className="muted small">{r.bodyBytes} bytes</div>
            </>
          ) : (
            <div className="muted small">No exchange for this check.</div>
          )}
        </section>
      </div>
    </div>
  );
}
