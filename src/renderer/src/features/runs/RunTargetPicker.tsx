// The target of a conformance or load run: a registered connection, a local connector (startable
// from here) or a URL with its secret. Binds TargetFields to the run-target store, shared by both panels.

import { useEffect } from 'react';
import { useRunTargetStore } from '../../store/run-target/action.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { TargetFields } from '../target/TargetFields.tsx';
import { useTargetSources } from '../target/useTargetSources.ts';
import { useShallow } from 'zustand/react/shallow';

export function RunTargetPicker({ problem, disabled }: { problem: string | null; disabled?: boolean }) {
  const s = useRunTargetStore(
    useShallow((x) => ({
      connectionId: x.connectionId,
      kind: x.kind,
      localId: x.localId,
      url: x.url,
      secret: x.secret,
      setConnection: x.setConnection,
      setKind: x.setKind,
      setLocal: x.setLocal,
      setSecret: x.setSecret,
      setUrl: x.setUrl,
      toolsError: x.toolsError,
    })),
  );
  const sources = useTargetSources(s.localId);
  const { connections, locals } = sources;
  const local = locals.find((c) => c.id === s.localId) ?? null;
  const connection = connections.find((c) => c.id === s.connectionId) ?? null;

  // Default to the first target of the chosen kind (a running local connector first).
  useEffect(() => {
    const rs = useRunTargetStore.getState();
    if (s.kind === 'connection' && !connection && connections[0]) void rs.setConnection(connections[0].id);
    if (s.kind === 'local' && !local && locals[0])
      rs.setLocal((locals.find((l) => l.running) ?? locals[0]).id);
  }, [s.kind, connection, local, connections, locals]);

  return (
    <TargetFields
      testId="run-target"
      testIdPrefix="run-target"
      kinds={['local', 'connection', 'url']}
      value={s}
      sources={sources}
      onKind={s.setKind}
      onConnection={(id) => void s.setConnection(id)}
      onLocal={s.setLocal}
      onUrl={s.setUrl}
      onSecret={s.setSecret}
      showEndpoint
      disabled={disabled}
    >
      {problem && (
        <div className="hint" data-testid="run-target-problem">
          {problem}
        </div>
      )}
      <ErrorNote error={s.toolsError} testId="run-target-tools-error" prefix="Tools of this connection" />
    </TargetFields>
  );
}
