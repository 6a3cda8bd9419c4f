// Two exchanges side by side: the summary fields, the headers by name and the bodies as pretty
// JSON line by line, every difference marked (why did one pass and the other fail?).

import type { ExchangeDetailDto } from '../../../../shared/index.ts';
import { bodyViews } from '../../store/inspector/selectors.ts';
import { useHistoryStore } from '../../store/history/action.ts';
import { headerDiff, lineDiff } from '../../lib/line-diff.ts';

const FIELDS: Array<[string, (x: ExchangeDetailDto) => string]> = [
  ['direction', (x) => x.direction],
  ['method', (x) => x.method],
  ['url', (x) => x.url],
  ['request type', (x) => x.requestType ?? '—'],
  ['tool', (x) => x.tool ?? '—'],
  ['request id', (x) => x.requestId ?? '—'],
  ['HTTP status', (x) => String(x.responseStatus ?? '—')],
  ['verdict', (x) => x.verdict],
  ['signature check', (x) => (x.diagnosis ? (x.diagnosis.failedCheck ?? x.diagnosis.verdict) : '—')],
  ['error', (x) => x.errorMessage ?? '—'],
  ['duration', (x) => (x.durationMs === null ? '—' : `${Math.round(x.durationMs)} ms`)],
  ['started', (x) => new Date(x.startedAt).toISOString()],
];

export function ComparePanel({ left, right }: { left: ExchangeDetailDto; right: ExchangeDetailDto }) {
  return (
    <section className="section compare" data-testid="history-compare">
      <header className="section__head">
        <h3>
          Compare #{left.id} and #{right.id}
        </h3>
        <div className="section__actions">
          <button
            type="button"
            className="btn btn--small"
            data-testid="history-compare-close"
            onClick={() => useHistoryStore.getState().closeCompare()}
          >
            Close
          </button>
        </div>
      </header>
      <table className="ctable" data-testid="compare-fields">
        <thead>
          <tr>
            <th />
            <th>#{left.id}</th>
            <th>#{right.id}</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(([name, get]) => {
            const a = get(left);
            const b = get(right);
            return (
              <tr key={name} className={a !== b ? 'ctable--differs' : undefined} data-differs={a !== b}>
                <th>{name}</th>
                <td className="break">{a}</td>
                <td className="break">{b}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <HeaderCompare
        title="Request headers"
        a={left.requestHeaders}
        b={right.requestHeaders}
        testId="compare-request-headers"
      />
      <BodyCompare
        title="Request body"
        a={left.requestBodyBase64}
        b={right.requestBodyBase64}
        testId="compare-request-body"
      />
      <HeaderCompare
        title="Answer headers"
        a={left.responseHeaders}
        b={right.responseHeaders}
        testId="compare-response-headers"
      />
      <BodyCompare
        title="Answer body"
        a={left.responseBodyBase64}
        b={right.responseBodyBase64}
        testId="compare-response-body"
      />
    </section>
  );
}

function HeaderCompare({
  title,
  a,
  b,
  testId,
}: {
  title: string;
  a: Array<[string, string]> | null;
  b: Array<[string, string]> | null;
  testId: string;
}) {
  const rows = headerDiff(a, b);
  return (
    <>
      <h4>
        {title} <span className="muted small">({rows.filter((r) => r.differs).length} differ)</span>
      </h4>
      <table className="ctable ctable--mono" data-testid={testId}>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className={r.differs ? 'ctable--differs' : undefined} data-differs={r.differs}>
              <th>{r.name}</th>
              <td className="break">{r.left ?? <span className="muted">absent</span>}</td>
              <td className="break">{r.right ?? <span className="muted">absent</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function BodyCompare({
  title,
  a,
  b,
  testId,
}: {
  title: string;
  a: string | null;
  b: string | null;
  testId: string;
}) {
  const left = bodyViews(a);
  const right = bodyViews(b);
  const rows = lineDiff(left.pretty ?? left.text, right.pretty ?? right.text);
  const changed = rows.filter((r) => r.kind !== 'same').length;
  return (
    <>
      <h4>
        {title}{' '}
        <span className="muted small">
          {changed === 0 ? '(identical)' : `(${changed} line${changed === 1 ? '' : 's'} differ)`}
        </span>
      </h4>
      <div className="ldiff mono" data-testid={testId} data-changed={changed}>
        {rows.map((r, i) => (
          <div key={i} className={`ldiff__row ldiff__row--${r.kind}`} data-kind={r.kind}>
            <span className="ldiff__no">{r.leftNo ?? ''}</span>
            <span className="ldiff__cell ldiff__cell--left">{r.left ?? ''}</span>
            <span className="ldiff__no">{r.rightNo ?? ''}</span>
            <span className="ldiff__cell ldiff__cell--right">{r.right ?? ''}</span>
          </div>
        ))}
      </div>
    </>
  );
}
