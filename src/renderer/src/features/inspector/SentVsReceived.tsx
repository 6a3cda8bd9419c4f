// "Sent vs received": for an exchange recorded at two points (the caller and the connector, or the
// listen proxy and the connector), what changed on the way: body bytes, headers, time in transit.

import { useEffect } from 'react';
import { usePairingStore } from '../../store/live-traffic/pairing.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { Badge } from '../../components/common.tsx';

const TONE = {
  identical: 'ok',
  body_altered: 'bad',
  headers_altered: 'warn',
  fault_injected: 'warn',
  secrets_or_clock_differ: 'warn',
} as const;

export function SentVsReceived({ id }: { id: number }) {
  const pairing = usePairingStore((s) => s.byId[id]);
  useEffect(() => {
    void usePairingStore.getState().load(id);
  }, [id]);
  if (!pairing) return null;
  const open = (target: number) =>
    useUiStore.getState().navigate({ name: 'inspector', param: String(target) });
  return (
    <section className="section" data-testid="sent-vs-received" data-conclusion={pairing.conclusion}>
      <header className="section__head">
        <h3>
          Sent vs received{' '}
          <Badge tone={TONE[pairing.conclusion]} testId="pairing-conclusion">
            {pairing.conclusion.replaceAll('_', ' ')}
          </Badge>
        </h3>
        <button
          type="button"
          className="btn btn--small"
          data-testid="open-peer"
          onClick={() => open(pairing.peerId)}
        >
          Open {pairing.role === 'sent' ? 'received' : 'sent'} #{pairing.peerId}
        </button>
      </header>
      <p data-testid="pairing-summary">{pairing.summary}</p>
      <table className="table table--kv">
        <tbody>
          <tr>
            <th>Body</th>
            <td data-testid="pairing-body">
              {pairing.bodyDiffers
                ? `altered: first difference at byte ${pairing.firstDifferenceAt} (${pairing.sentBytes} → ${pairing.receivedBytes} bytes)`
                : `byte-exact (${pairing.sentBytes} bytes)`}
            </td>
          </tr>
          <tr>
            <th>Headers</th>
            <td data-testid="pairing-headers">
              {pairing.headersDiffer.length === 0
                ? 'same'
                : pairing.headersDiffer.map((h) => (
                    <div key={h.name} className="mono small">
                      {h.name}: {h.sent ?? '(none)'} → {h.received ?? '(none)'}
                    </div>
                  ))}
            </td>
          </tr>
          <tr>
            <th>In transit</th>
            <td>{pairing.transitMs} ms (both clocks included)</td>
          </tr>
          <tr>
            <th>Verdicts</th>
            <td className="mono">
              #{pairing.sentId} {pairing.sentVerdict} → #{pairing.receivedId} {pairing.receivedVerdict}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
