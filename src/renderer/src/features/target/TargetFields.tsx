// The fields of a request target (a registered connection, a local connector startable from here,
// or a URL with its secret), bound to no store: the Console and the run panels each adapt theirs.

import type { ReactNode } from 'react';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { StatusBadge } from '../../components/common.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import type { TargetSources } from './useTargetSources.ts';

export type TargetFieldKind = 'connection' | 'local' | 'url';

export interface TargetChoice {
  kind: TargetFieldKind;
  connectionId: string | null;
  localId: string | null;
  url: string;
  secret: string;
}

export interface TargetCallbacks {
  onKind: (kind: TargetFieldKind) => void;
  onConnection: (id: string | null) => void;
  onLocal: (id: string | null) => void;
  onUrl: (url: string) => void;
  onSecret: (secret: string) => void;
}

const LABELS: Record<TargetFieldKind, string> = {
  connection: 'Connection',
  local: 'Local connector',
  url: 'URL + secret',
};

export interface TargetFieldsProps extends TargetCallbacks {
  value: TargetChoice;
  sources: TargetSources;
  /** Prefix of every id and data-testid inside (`target` gives `target-url`, `target-kind-local`…). */
  testIdPrefix: string;
  /** data-testid of the fieldset itself. */
  testId: string;
  /** The kinds offered, in the order shown. */
  kinds: TargetFieldKind[];
  /** Show the endpoint the chosen connection or local connector resolves to. */
  showEndpoint?: boolean;
  /** Said under a stopped local connector (runs say it in their own problem line instead). */
  stoppedHint?: string;
  /** A button beside the secret (the Console loads the tools of a bare URL with it). */
  secretAction?: ReactNode;
  disabled?: boolean;
  /** Notes under the fields: the owner's own problems and errors. */
  children?: ReactNode;
}

export function TargetFields(p: TargetFieldsProps) {
  const { value: v, testIdPrefix: t } = p;
  return (
    <fieldset className="card" data-testid={p.testId} disabled={p.disabled}>
      <legend>Target</legend>
      <Segmented
        name={`${t}-kind`}
        ariaLabel="Target kind"
        value={v.kind}
        options={p.kinds.map((kind) => ({ value: kind, label: LABELS[kind] }))}
        onChange={p.onKind}
      />
      <div className="form__grid">
        {v.kind === 'connection' && <ConnectionField {...p} />}
        {v.kind === 'local' && <LocalField {...p} />}
        {v.kind === 'url' && (
          <>
            <label htmlFor={`${t}-url`}>Endpoint URL</label>
            <input
              id={`${t}-url`}
              data-testid={`${t}-url`}
              className="mono"
              value={v.url}
              onChange={(e) => p.onUrl(e.target.value)}
              placeholder="http://127.0.0.1:8787/service"
            />
            <label htmlFor={`${t}-secret`}>Signing secret</label>
            <SecretInput {...p} />
          </>
        )}
      </div>
      {p.children}
    </fieldset>
  );
}

function ConnectionField({
  value: v,
  sources,
  testIdPrefix: t,
  showEndpoint,
  onConnection,
}: TargetFieldsProps) {
  const connection = sources.connections.find((c) => c.id === v.connectionId) ?? null;
  return (
    <>
      <label htmlFor={`${t}-connection`}>Connection</label>
      <div className="row">
        <select
          id={`${t}-connection`}
          data-testid={`${t}-connection`}
          value={v.connectionId ?? ''}
          onChange={(e) => onConnection(e.target.value || null)}
        >
          {sources.connections.length === 0 && (
            <option value="">No connections: add one under SDK Connections</option>
          )}
          {sources.connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {connection && <StatusBadge status={connection.status} />}
      </div>
      {showEndpoint && connection && (
        <Endpoint testId={`${t}-endpoint`}>{connection.webhook_url || '(no webhook URL)'}</Endpoint>
      )}
    </>
  );
}

function LocalField({
  value: v,
  sources,
  testIdPrefix: t,
  showEndpoint,
  stoppedHint,
  onLocal,
}: TargetFieldsProps) {
  const local = sources.locals.find((c) => c.id === v.localId) ?? null;
  return (
    <>
      <label htmlFor={`${t}-local`}>Local connector</label>
      <div>
        <div className="row">
          <select
            id={`${t}-local`}
            data-testid={`${t}-local`}
            value={v.localId ?? ''}
            onChange={(e) => onLocal(e.target.value || null)}
          >
            {sources.locals.length === 0 && <option value="">No local connectors</option>}
            {sources.locals.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} {c.running ? '(running)' : '(stopped)'}
              </option>
            ))}
          </select>
          {local && !local.running && (
            <button
              type="button"
              className="btn btn--small"
              data-testid={`${t}-local-start`}
              disabled={sources.startBusy}
              onClick={() => sources.startLocal(local.id)}
            >
              {sources.startBusy ? 'Starting…' : 'Start it'}
            </button>
          )}
        </div>
        {stoppedHint && local && !local.running && <div className="hint">{stoppedHint}</div>}
        {sources.startError && <ErrorNote error={sources.startError} testId={`${t}-local-error`} />}
      </div>
      {showEndpoint && local?.url && <Endpoint testId={`${t}-endpoint`}>{local.url}</Endpoint>}
    </>
  );
}

function SecretInput({ value: v, testIdPrefix: t, secretAction, onSecret }: TargetFieldsProps) {
  const input = (
    <input
      id={`${t}-secret`}
      data-testid={`${t}-secret`}
      className="mono"
      type="password"
      autoComplete="off"
      value={v.secret}
      onChange={(e) => onSecret(e.target.value)}
    />
  );
  // Only a row when there is something beside it: a lone input keeps the grid cell's full width.
  return secretAction ? (
    <div className="row">
      {input}
      {secretAction}
    </div>
  ) : (
    input
  );
}

function Endpoint({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <>
      <span className="muted small">Endpoint</span>
      <code className="mono small break" data-testid={testId}>
        {children}
      </code>
    </>
  );
}
