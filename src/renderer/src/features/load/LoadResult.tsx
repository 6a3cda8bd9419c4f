// The report of a finished load run: throughput, the two latency charts, the percentile table,
// errors by code and the threshold verdicts.

import type { LoadReportDto } from '../../../../shared/index.ts';
import { Badge } from '../../components/common.tsx';
import { formatMs } from '../../store/load/selectors.ts';
import { PercentileChart } from './PercentileChart.tsx';
import { TimelineChart } from './TimelineChart.tsx';
import { RunHistoryLink } from '../runs/RunHistoryLink.tsx';

const ROWS: Array<[keyof LoadReportDto['latency'], string]> = [
  ['min', 'min'],
  ['p50', 'p50'],
  ['p75', 'p75'],
  ['p90', 'p90'],
  ['p95', 'p95'],
  ['p99', 'p99'],
  ['p999', 'p99.9'],
  ['max', 'max'],
  ['mean', 'mean'],
  ['stdev', 'stdev'],
];

function bytes(n: number): string {
  return n >= 1_048_576
    ? `${(n / 1_048_576).toFixed(1)} MiB`
    : n >= 1024
      ? `${(n / 1024).toFixed(1)} KiB`
      : `${n} B`;
}

export function LoadResult({ report }: { report: LoadReportDto }) {
  const verdictTone = report.aborted ? 'warn' : report.passed && report.ok > 0 ? 'ok' : 'bad';
  return (
    <div
      className="load-result"
      data-testid="load-report"
      data-passed={report.passed}
      data-aborted={report.aborted}
    >
      <div className={`card verdict verdict--${verdictTone}`}>
        <div className="verdict__line" data-testid="load-verdict">
          {report.aborted ? 'Cancelled: ' : ''}
          {report.requests} requests in {(report.durationMs / 1000).toFixed(1)} s ·{' '}
          <strong>{report.rps.toFixed(0)} req/s</strong> · p99 {formatMs(report.latency.p99)} ·{' '}
          {report.errors.total} errors ({report.errors.percent}%)
        </div>
        <div className="muted small mono break">
          {report.request} → {report.url} · {report.connections} connection(s)
          {report.rate
            ? ` · ${report.rate} req/s planned (latency from the intended send time)`
            : ' · closed loop'}{' '}
          · sent {bytes(report.bytesSent)}, received {bytes(report.bytesReceived)}
        </div>
        {report.history && <RunHistoryLink history={report.history} testId="load-history" />}
        {report.thresholds.length > 0 && (
          <ul className="thresholds" data-testid="load-thresholds">
            {report.thresholds.map((t) => (
              <li key={t.expression} data-testid="load-threshold" data-ok={t.ok}>
                <Badge tone={t.ok ? 'ok' : 'bad'}>{t.ok ? 'pass' : 'fail'}</Badge> <code>{t.expression}</code>{' '}
                <span className="muted small">
                  measured {t.unit === 'ms' ? formatMs(t.actual) : `${t.actual} ${t.unit}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="charts">
        <PercentileChart report={report} />
        <TimelineChart points={report.timeline} />
      </div>
      <div className="load-tables">
        <table className="table table--compact" data-testid="load-percentiles">
          <caption>Latency</caption>
          <tbody>
            {ROWS.map(([key, label]) => (
              <tr key={key} data-testid={`latency-${key}`}>
                <th scope="row">{label}</th>
                <td className="mono num">{formatMs(report.latency[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="table table--compact" data-testid="load-errors">
          <caption>Errors by code</caption>
          <tbody>
            {report.errors.byCode.length === 0 ? (
              <tr>
                <td className="muted">No errors: every answer was a success.</td>
              </tr>
            ) : (
              report.errors.byCode.map((b) => (
                <tr key={b.key} data-testid="load-error-row">
                  <th scope="row" className="mono">
                    {b.key}
                  </th>
                  <td className="mono num">{b.count}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
