// The History filter bar: connection, local connector, tool, request type, verdict, HTTP status,
// direction and time range from the engine's facets, and a search by request id or trace id.

import { useEffect, useState } from 'react';
import type { HistoryFilterDto } from '../../../../shared/index.ts';
import { useHistoryStore } from '../../store/history/action.ts';
import { TIME_RANGES } from '../../store/history/selectors.ts';

export function HistoryFilters() {
  const facets = useHistoryStore((s) => s.facets);
  const filter = useHistoryStore((s) => s.filter);
  const [search, setSearch] = useState(filter.id ?? '');
  const [range, setRange] = useState('');
  const apply = (patch: HistoryFilterDto) => void useHistoryStore.getState().setFilter(patch);

  // Typing pauses for a quarter second before the engine is asked.
  useEffect(() => {
    const wanted = search.trim() || undefined;
    if (wanted === useHistoryStore.getState().filter.id) return;
    const t = setTimeout(() => apply({ id: wanted }), 250);
    return () => clearTimeout(t);
  }, [search]);

  const select = (
    key: keyof HistoryFilterDto,
    label: string,
    options: Array<{ value: string; label: string }>,
    numeric = false,
  ) => (
    <label className="hfilters__field">
      <span className="field-label">{label}</span>
      <select
        data-testid={`history-filter-${key}`}
        value={filter[key] === undefined ? '' : String(filter[key])}
        onChange={(e) =>
          apply({
            [key]: e.target.value === '' ? undefined : numeric ? Number(e.target.value) : e.target.value,
          })
        }
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
  const plain = (values: Array<string | number> | undefined) =>
    (values ?? []).map((v) => ({ value: String(v), label: String(v) }));

  return (
    <div className="hfilters" data-testid="history-filters">
      <label className="hfilters__field hfilters__search">
        <span className="field-label">Request id or trace id</span>
        <input
          type="search"
          data-testid="history-search"
          placeholder="whole id or its first 4+ characters"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      {select(
        'connectionId',
        'Connection',
        (facets?.connections ?? []).map((c) => ({ value: c.id, label: c.name ?? `${c.id} (deleted)` })),
      )}
      {select(
        'localConnectorId',
        'Local connector',
        (facets?.localConnectors ?? []).map((c) => ({ value: c.id, label: c.name ?? `${c.id} (deleted)` })),
      )}
      {select('tool', 'Tool', plain(facets?.tools))}
      {select('requestType', 'Request type', plain(facets?.requestTypes))}
      {select('verdict', 'Verdict', plain(facets?.verdicts))}
      {select('responseStatus', 'HTTP status', plain(facets?.statuses), true)}
      {select('direction', 'Direction', [
        { value: 'outgoing', label: 'sent (outgoing)' },
        { value: 'incoming', label: 'received (incoming)' },
      ])}
      <label className="hfilters__field">
        <span className="field-label">Time</span>
        <select
          data-testid="history-filter-time"
          value={range}
          onChange={(e) => {
            setRange(e.target.value);
            const ms = TIME_RANGES.find((r) => r.value === e.target.value)?.ms ?? null;
            apply({ since: ms === null ? undefined : Date.now() - ms, until: undefined });
          }}
        >
          {TIME_RANGES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--small hfilters__clear"
        data-testid="history-filter-clear"
        onClick={() => {
          setSearch('');
          setRange('');
          useHistoryStore.setState({ filter: {} });
          void useHistoryStore.getState().reload();
        }}
      >
        Clear filters
      </button>
    </div>
  );
}
