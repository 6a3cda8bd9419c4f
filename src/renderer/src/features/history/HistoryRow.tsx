// One row of the History list: a checkbox for compare/export/replay, and the exchange's summary,
// which opens it in the Inspector.

import { RUN_LABEL_PATTERN } from '../../../../shared/index.ts';
import type { ExchangeSummaryDto } from '../../../../shared/index.ts';
import type { HistoryFacetsDto } from '../../../../shared/history.ts';
import { exchangeTitle, verdictTone } from '../../store/inspector/selectors.ts';
import { connectionLabel } from '../../store/history/selectors.ts';
import { useHistoryStore } from '../../store/history/action.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { Badge } from '../../components/common.tsx';

export function HistoryRow({
  row,
  selected,
  facets,
}: {
  row: ExchangeSummaryDto | undefined;
  selected: boolean;
  facets: HistoryFacetsDto | null;
}) {
  if (!row) return <div className="hrow hrow--loading" aria-busy="true" />;
  const where = connectionLabel(
    facets,
    row.direction === 'incoming' ? row.localConnectorId : (row.connectionId ?? row.localConnectorId),
  );
  return (
    <div
      className={`hrow${selected ? ' hrow--selected' : ''}`}
      data-testid="history-row"
      data-exchange-id={row.id}
    >
      <input
        type="checkbox"
        aria-label={`Select exchange ${row.id}`}
        data-testid="history-row-select"
        checked={selected}
        onChange={() => useHistoryStore.getState().toggle(row.id)}
      />
      <button
        type="button"
        className="hrow__open"
        data-testid="history-row-open"
        title="Open in the Inspector"
        onClick={() => useUiStore.getState().navigate({ name: 'inspector', param: String(row.id) })}
      >
        <span className="hrow__id mono">#{row.id}</span>
        <span className="hrow__time muted">{new Date(row.startedAt).toLocaleString()}</span>
        <span className="hrow__dir" title={row.direction}>
          {row.direction === 'incoming' ? '← in' : '→ out'}
        </span>
        <span className="hrow__what mono ellipsis">
          {exchangeTitle(row)}
          {row.traceId && RUN_LABEL_PATTERN.test(row.traceId) && (
            <span className="muted" data-testid="history-row-run" title={row.traceId}>
              {' '}
              · {row.traceId}
            </span>
          )}
        </span>
        <span className="hrow__where ellipsis">{where}</span>
        <span className="hrow__status mono">{row.responseStatus ?? '—'}</span>
        <span className="hrow__verdict">
          <Badge tone={verdictTone(row.verdict, row.responseStatus)}>{row.verdict}</Badge>
        </span>
        <span className="hrow__ms muted">
          {row.durationMs === null ? '' : `${Math.round(row.durationMs)} ms`}
        </span>
        <span className="hrow__req mono muted ellipsis" title={row.requestId ?? ''}>
          {row.requestId ?? ''}
        </span>
      </button>
    </div>
  );
}
