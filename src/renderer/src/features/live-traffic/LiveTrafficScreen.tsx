// Live traffic: the app's recording proxy in front of a connector. Start it with a forward-to URL and
// the secrets of a connection or local connector; each request shows as it arrives, with its cause.

import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveTrafficStore } from '../../store/live-traffic/action.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useLocalStore } from '../../store/local/action.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { Badge, CopyButton, EmptyState, Section } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';

export function LiveTrafficScreen() {
  const s = useLiveTrafficStore(
    useShallow((x) => ({
      status: x.status,
      forwardTo: x.forwardTo,
      port: x.port,
      secretsFrom: x.secretsFrom,
      requests: x.requests,
      busy: x.busy,
      error: x.error,
    })),
  );
  const connections = useConnectionsStore((x) => x.items);
  const locals = useLocalStore((x) => x.items);
  const st = useLiveTrafficStore.getState;
  useEffect(() => {
    void st().refresh();
    void useConnectionsStore.getState().load();
    void useLocalStore.getState().load();
    return st().listen();
  }, [st]);
  const running = s.status?.running ?? false;

  return (
    <div className="screen" data-testid="screen-live-traffic">
      <header className="screen__head">
        <h2>Live traffic</h2>
        <p className="muted">
          A recording proxy in front of your connector: point the platform (or your tunnel) at its URL. Every
          request is forwarded byte-exact, verified with the chosen secrets and recorded in History.
        </p>
      </header>
      <Section title="Proxy" testId="live-proxy">
        {running && s.status ? (
          <div data-testid="live-running">
            <p>
              Listening on{' '}
              <span className="mono" data-testid="live-url">
                {s.status.url}
              </span>{' '}
              <CopyButton text={s.status.url ?? ''} testId="live-copy-url" /> →{' '}
              <span className="mono">{s.status.forwardTo}</span>
            </p>
            <p className="muted small">
              secret fingerprints {s.status.secretFingerprints.join(', ')} · {s.status.requests} requests
            </p>
            <button
              type="button"
              className="btn"
              data-testid="live-stop"
              disabled={s.busy}
              onClick={() => void st().stop()}
            >
              Stop
            </button>
          </div>
        ) : (
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              void st().start();
            }}
          >
            <label className="field">
              <span>Forward to</span>
              <input
                className="input mono"
                data-testid="live-forward-to"
                placeholder="http://127.0.0.1:4020/service"
                value={s.forwardTo}
                onChange={(e) => st().setForm({ forwardTo: e.target.value })}
              />
            </label>
            <label className="field">
              <span>Port (0: any free one)</span>
              <input
                className="input mono"
                data-testid="live-port"
                inputMode="numeric"
                value={s.port}
                onChange={(e) => st().setForm({ port: e.target.value })}
              />
            </label>
            <label className="field">
              <span>Secrets from</span>
              <select
                className="input"
                data-testid="live-secrets-from"
                value={s.secretsFrom}
                onChange={(e) => st().setForm({ secretsFrom: e.target.value })}
              >
                <option value="">Choose…</option>
                {connections.map((c) => (
                  <option key={c.id} value={`connection:${c.id}`}>
                    Connection: {c.name}
                  </option>
                ))}
                {locals.map((c) => (
                  <option key={c.id} value={`local:${c.id}`}>
                    Local connector: {c.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn--primary" data-testid="live-start" disabled={s.busy}>
              Start proxy
            </button>
          </form>
        )}
        {s.error && <ErrorNote error={s.error} testId="live-error" />}
      </Section>
      <Section title="Requests" testId="live-requests">
        {s.requests.length === 0 ? (
          <EmptyState title="No requests yet" testId="live-empty">
            {running ? 'Requests to the proxy URL appear here as they arrive.' : 'Start the proxy first.'}
          </EmptyState>
        ) : (
          <ul className="list list--dense">
            {s.requests.map((e, i) => (
              <li key={`${e.exchangeId ?? 'x'}-${i}`}>
                <button
                  type="button"
                  className="list__item"
                  data-testid="live-request"
                  data-verdict={e.verdict}
                  disabled={e.exchangeId === null}
                  onClick={() =>
                    e.exchangeId !== null &&
                    useUiStore.getState().navigate({ name: 'inspector', param: String(e.exchangeId) })
                  }
                >
                  <span className="list__title">
                    <span className="mono">
                      {e.requestType ?? e.method} {e.tool ?? ''}
                    </span>
                    <Badge tone={e.verdict === 'ok' ? 'ok' : 'bad'}>{e.verdict}</Badge>
                  </span>
                  <span className="list__sub" data-testid="live-cause">
                    {new Date(e.startedAt).toLocaleTimeString()} · HTTP {e.status} · {e.durationMs.toFixed(1)}{' '}
                    ms · {e.cause}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
