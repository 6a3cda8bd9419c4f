// The signature check of an exchange in plain words: verdict and diagnosis, the canonical signed
// string, computed vs sent signature with the first differing character marked, and the skew.

import type { DiagnosisDto, ExchangeDetailDto } from '../../../../shared/index.ts';
import { signatureComparison } from '../../store/inspector/selectors.ts';
import { splitAt } from '../../lib/diff.ts';
import { Badge } from '../../components/common.tsx';
import { SkewBar } from './SkewBar.tsx';

export function SignaturePanel({ exchange: x }: { exchange: ExchangeDetailDto }) {
  const d = x.diagnosis;
  const redacted = x.requestHeaders.some(
    ([n, v]) => n.toLowerCase() === 'x-service-signature' && v === '[redacted]',
  );
  if (!d) {
    return (
      <section className="section" data-testid="signature-section">
        <header className="section__head">
          <h3>Signature</h3>
        </header>
        {redacted ? (
          <p className="muted" data-testid="signature-redacted">
            The signature was redacted when this exchange was exported, so it is not verified here. The
            verdict is the one recorded when the exchange happened.
          </p>
        ) : (
          <p className="muted">
            No signature check for this exchange (the engine knows no secret for its target).
          </p>
        )}
      </section>
    );
  }
  const cmp = signatureComparison(x)!;
  return (
    <section className="section" data-testid="signature-section">
      <header className="section__head">
        <h3>
          Signature{' '}
          <Badge tone={d.verdict === 'valid' ? 'ok' : 'bad'} testId="diagnosis-verdict">
            {d.verdict === 'valid' ? 'valid' : `invalid${d.failedCheck ? `: ${d.failedCheck}` : ''}`}
          </Badge>
        </h3>
      </header>
      <Diagnosis d={d} />

      <div className="field-label">
        Canonical signed string{' '}
        {d.canonical.bodyBytes ? <span className="muted">({d.canonical.bodyBytes} body bytes)</span> : null}
      </div>
      <pre className="code code--short" data-testid="canonical-string">
        {d.canonical.string ?? (
          <span className="muted">(not computable: the timestamp header is missing or malformed)</span>
        )}
      </pre>

      <div
        className="sig-diff"
        data-testid="signature-diff"
        data-first-diff={cmp.diff.index ?? ''}
        data-equal={String(cmp.diff.equal)}
      >
        <SigRow
          label="Computed (expected)"
          sub={cmp.secretLabel ? `with secret ${cmp.secretLabel}` : undefined}
          value={cmp.expected}
          index={cmp.diff.index}
          testId="signature-expected"
        />
        <SigRow
          label="Sent"
          sub={d.received.protocol ? `protocol ${d.received.protocol}` : undefined}
          value={cmp.sent}
          index={cmp.diff.index}
          testId="signature-sent"
        />
        <div className="sig-diff__note small" data-testid="signature-diff-note">
          {cmp.diff.equal
            ? 'Identical.'
            : cmp.expected === null || cmp.sent === null
              ? `${cmp.sent === null ? 'No signature was sent.' : 'No signature could be computed.'}`
              : `First difference at character ${cmp.diff.index! + 1}.`}
        </div>
        {d.expected.length > 1 && (
          <details className="small">
            <summary>Other candidate secrets ({d.expected.length - 1})</summary>
            <ul className="mono">
              {d.expected
                .filter((e) => e.signature !== cmp.expected)
                .map((e) => (
                  <li key={e.secret}>
                    {e.secret}: {e.signature ?? '—'}
                  </li>
                ))}
            </ul>
          </details>
        )}
      </div>

      <div className="field-label">Timestamp against the clock</div>
      <SkewBar skew={d.skew} />
    </section>
  );
}

function Diagnosis({ d }: { d: DiagnosisDto }) {
  return (
    <div
      className={d.verdict === 'valid' ? 'diagnosis diagnosis--ok' : 'diagnosis diagnosis--bad'}
      data-testid="diagnosis"
    >
      <p className="diagnosis__summary" data-testid="diagnosis-summary">
        {d.summary}
      </p>
      {d.cause && (
        <div className="diagnosis__cause" data-testid="diagnosis-cause" data-cause-id={d.cause.id}>
          <strong data-testid="diagnosis-cause-title">{d.cause.title}</strong>
          <p data-testid="diagnosis-cause-detail">{d.cause.detail}</p>
        </div>
      )}
    </div>
  );
}

function SigRow({
  label,
  sub,
  value,
  index,
  testId,
}: {
  label: string;
  sub?: string;
  value: string | null;
  index: number | null;
  testId: string;
}) {
  const [before, mark, after] = splitAt(value ?? '', index);
  return (
    <div className="sig-diff__row">
      <div className="sig-diff__label">
        {label}
        {sub && <div className="muted small">{sub}</div>}
      </div>
      <code className="sig-diff__value" data-testid={testId}>
        {value === null ? (
          <span className="muted">(none)</span>
        ) : (
          <>
            {before}
            {mark && <mark data-testid={`${testId}-mark`}>{mark}</mark>}
            {after}
          </>
        )}
      </code>
    </div>
  );
}
