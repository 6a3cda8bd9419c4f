// The guided secret rotation rehearsal: pick a connection and a local connector, then walk the four
// steps; every step pings for real and the timeline shows each call's verdict and matched secret.

import { useEffect } from 'react';
import type { RehearsalDto, RehearsalStep } from '../../../../shared/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useRotationStore } from '../../store/rotation/action.ts';
import './rotation.css';

const STEPS: Array<{ step: RehearsalStep; title: string; action: string }> = [
  { step: 1, title: 'Generate the new secret on the platform', action: 'Generate new secret' },
  { step: 2, title: 'Watch calls while the connector has only the old secret', action: 'Watch calls' },
  { step: 3, title: "Add the new secret to the connector's list (new first)", action: 'Add new secret' },
  { step: 4, title: 'Drop the old secret (platform and connector)', action: 'Drop old secret' },
];

export function RotationScreen() {
  const s = useRotationStore();
  useEffect(() => {
    void useRotationStore.getState().load();
  }, []);

  return (
    <section className="screen" data-testid="rotation-screen">
      <header className="screen__head">
        <div>
          <h2>Secret rotation rehearsal</h2>
          <div className="muted small">
            Rotates a connection&apos;s signing secret against a local connector, pinging after every step.
            Secrets show by fingerprint; the new one is shown once.
          </div>
        </div>
      </header>
      <ErrorNote error={s.error} testId="rotation-error" />
      <fieldset className="card rotation__setup" disabled={s.busy}>
        <legend>Rehearsal</legend>
        <div className="form__grid">
          <label htmlFor="rotation-connection">Connection</label>
          <select
            id="rotation-connection"
            data-testid="rotation-connection"
            value={s.connectionId}
            onChange={(e) => s.choose({ connectionId: e.target.value })}
          >
            {s.connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <label htmlFor="rotation-local">Local connector</label>
          <select
            id="rotation-local"
            data-testid="rotation-local"
            value={s.localConnectorId}
            onChange={(e) => s.choose({ localConnectorId: e.target.value })}
          >
            {s.localConnectors.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <label htmlFor="rotation-grace">Grace period</label>
          <div className="row">
            <input
              id="rotation-grace"
              className="input--short"
              data-testid="rotation-grace"
              type="number"
              min={0}
              value={s.graceSeconds}
              onChange={(e) =>
                s.choose({ graceSeconds: Math.max(0, Math.floor(Number(e.target.value) || 0)) })
              }
            />
            <span className="muted small">
              seconds the platform keeps signing with the previous secret (0: switch at once)
            </span>
          </div>
        </div>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="rotation-start"
          disabled={s.busy || !s.connectionId || !s.localConnectorId}
          onClick={() => void s.start()}
        >
          {s.rehearsal ? 'Restart rehearsal' : 'Start rehearsal'}
        </button>
      </fieldset>
      {s.rehearsal && <Rehearsal r={s.rehearsal} />}
    </section>
  );
}

function Rehearsal({ r }: { r: RehearsalDto }) {
  const s = useRotationStore();
  return (
    <>
      <dl className="kv card rotation__state" data-testid="rotation-state" data-state={r.rotation.state}>
        <dt>Connection</dt>
        <dd>{r.connectionName}</dd>
        <dt>Platform signs with</dt>
        <dd data-testid="rotation-signing">
          {r.rotation.signingWith} secret ({r.rotation.state})
        </dd>
        <dt>Current secret</dt>
        <dd>
          <code>{r.rotation.currentFingerprint ?? '—'}</code>
        </dd>
        <dt>Previous secret</dt>
        <dd>
          <code data-testid="rotation-previous">{r.rotation.previousFingerprint ?? '—'}</code>
        </dd>
        <dt>Grace ends</dt>
        <dd data-testid="rotation-grace-ends">
          {r.rotation.graceEndsAt ?? (r.graceSeconds ? '—' : 'no grace')}
        </dd>
        <dt>{r.localConnectorName} accepts</dt>
        <dd data-testid="rotation-connector-secrets">
          {r.connectorSecrets.map((f, i) => (
            <code key={f}>
              {i > 0 ? ', ' : ''}
              {f}
              {i === 0 ? ' (current)' : ''}
            </code>
          ))}
        </dd>
      </dl>
      {s.newSecret && (
        <div className="note note--warn" data-testid="rotation-new-secret">
          New secret (shown once): <code>{s.newSecret}</code>{' '}
          <button type="button" className="btn btn--small" onClick={() => s.hideSecret()}>
            Hide
          </button>
        </div>
      )}
      <ol className="card rotation__steps" data-testid="rotation-steps">
        {STEPS.map((step) => (
          <li key={step.step} data-done={r.step >= step.step ? 'true' : 'false'}>
            {step.title}{' '}
            {r.step === step.step - 1 && (
              <button
                type="button"
                className="btn btn--primary btn--small"
                data-testid={`rotation-step-${step.step}`}
                disabled={s.busy}
                onClick={() => void s.advance()}
              >
                {step.action}
              </button>
            )}
            {r.step === step.step && step.step === 2 && (
              <button
                type="button"
                className="btn btn--small"
                data-testid="rotation-ping"
                disabled={s.busy}
                onClick={() => void s.ping()}
              >
                Send another ping
              </button>
            )}
          </li>
        ))}
      </ol>
      {r.step === 4 && <p data-testid="rotation-done">Rotation complete: the old secret is gone.</p>}
      <h3 className="rotation__timeline-title">Timeline</h3>
      <table className="table card" data-testid="rotation-timeline">
        <thead>
          <tr>
            <th>#</th>
            <th>Step</th>
            <th>Call</th>
            <th>Verdict</th>
            <th>Signed with</th>
            <th>Matched secret</th>
          </tr>
        </thead>
        <tbody>
          {r.calls.map((c) => (
            <tr key={c.seq} data-testid="rotation-call" data-ok={c.ok ? 'true' : 'false'}>
              <td>{c.seq}</td>
              <td>{c.step}</td>
              <td>{c.kind}</td>
              <td>{c.verdict}</td>
              <td>
                <code>{c.signedWith ?? '—'}</code>
              </td>
              <td>{c.matchedIndex === null ? 'none' : `#${c.matchedIndex} ${c.matchedFingerprint}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
