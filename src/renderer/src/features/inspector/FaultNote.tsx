// The faults the testbench injected into an exchange, named and explained above the signature
// check, so a tampered body and a wrong secret never read as the same diagnosis.

import { useEffect, useMemo, useState } from 'react';
import type { ExchangeDetailDto, ExchangeSummaryDto } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';
import { base64ToBytes } from '../../lib/bytes.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { injectedFaults, tamperedByteIndex } from './injected-fault.ts';

export function FaultNote({ exchange: x }: { exchange: ExchangeDetailDto }) {
  const list = injectedFaults(x.faults);
  const replayed = list.some((f) => f.kind === 'replay');
  if (list.length === 0) return null;
  return (
    <section className="section" data-testid="injected-faults">
      <header className="section__head">
        <h3>Injected {list.length === 1 ? 'fault' : 'faults'}</h3>
      </header>
      <ul className="warnings">
        {list.map((f) => (
          <li key={f.label} data-testid="injected-fault" data-fault-kind={f.kind}>
            <strong>{f.label}</strong>: {f.explanation}
          </li>
        ))}
      </ul>
      {replayed && <FirstDelivery exchange={x} />}
    </section>
  );
}

/** The request byte to mark: the one the tamper fault changed, when the exchange had that fault. */
export function useTamperMark(x: ExchangeDetailDto): number | null {
  return useMemo(
    () =>
      injectedFaults(x.faults).some((f) => f.kind === 'tamper-body')
        ? tamperedByteIndex(base64ToBytes(x.requestBodyBase64))
        : null,
    [x.faults, x.requestBodyBase64],
  );
}

/** The first delivery of a replay fault is its own History row: this one's answer is the second. */
function FirstDelivery({ exchange: x }: { exchange: ExchangeDetailDto }) {
  const [found, setFound] = useState<{ forId: number; first: ExchangeSummaryDto | null } | null>(null);
  useEffect(() => {
    if (!x.requestId) return;
    let live = true;
    void call('history:page', { filter: { id: x.requestId }, limit: 10 }).then((r) => {
      if (!live) return;
      // The other delivery of the same sender: the connector's own records carry this request_id too.
      const earlier = r.ok
        ? r.data.items.filter(
            (e) => e.id !== x.id && e.requestId === x.requestId && e.direction === x.direction,
          )
        : [];
      setFound({ forId: x.id, first: earlier.sort((a, b) => a.id - b.id)[0] ?? null });
    });
    return () => {
      live = false;
    };
  }, [x.id, x.requestId, x.direction]);
  const first = !x.requestId ? null : found?.forId === x.id ? found.first : undefined;
  if (first === undefined) return null;
  if (first === null)
    return (
      <p className="muted small" data-testid="replay-first-answer">
        The first delivery is not in the History (pruned or not recorded).
      </p>
    );
  const isFirst = first.id > x.id;
  return (
    <p className="small" data-testid="replay-first-answer" data-first-id={first.id}>
      {isFirst ? 'The second delivery' : '1st answer'}:{' '}
      <strong>
        {first.responseStatus === null ? 'no answer' : `HTTP ${first.responseStatus}`} ({first.verdict})
      </strong>
      {isFirst ? '' : '; the answer below is the second delivery of the identical request.'}{' '}
      <button
        type="button"
        className="link"
        data-testid="replay-first-open"
        onClick={() => useUiStore.getState().navigate({ name: 'inspector', param: String(first.id) })}
      >
        Open #{first.id}
      </button>
    </p>
  );
}
