// Where a console request goes: a registered connection, a local connector (started here), or
// any URL with its secret; and the tools known for that target. Binds TargetFields to the console store.

import { useEffect } from 'react';
import { useConsoleStore } from '../../store/console/action.ts';
import { declaredTools } from '../../store/local/selectors.ts';
import { ErrorNote, FieldError } from '../../components/ErrorNote.tsx';
import { TargetFields } from '../target/TargetFields.tsx';
import { useTargetSources } from '../target/useTargetSources.ts';
import { useShallow } from 'zustand/react/shallow';

export function TargetPicker() {
  const s = useConsoleStore(
    useShallow((x) => ({
      connectionId: x.connectionId,
      discoverTools: x.discoverTools,
      fieldErrors: x.fieldErrors,
      localId: x.localId,
      secret: x.secret,
      setConnection: x.setConnection,
      setLocal: x.setLocal,
      setSecret: x.setSecret,
      setTargetKind: x.setTargetKind,
      setUrl: x.setUrl,
      targetKind: x.targetKind,
      toolsError: x.toolsError,
      url: x.url,
    })),
  );
  const sources = useTargetSources(s.localId);
  const { connections, locals } = sources;

  // Default to the first target of the chosen kind, so a send works without extra clicks.
  useEffect(() => {
    const cs = useConsoleStore.getState();
    if (s.targetKind === 'connection' && !s.connectionId && connections[0])
      void cs.setConnection(connections[0].id);
    if (s.targetKind === 'local' && !s.localId && locals[0])
      cs.setLocal(locals[0].id, declaredTools(locals[0]));
  }, [s.targetKind, s.connectionId, s.localId, connections, locals]);

  return (
    <TargetFields
      testId="console-target"
      testIdPrefix="target"
      kinds={['connection', 'local', 'url']}
      value={{
        kind: s.targetKind,
        connectionId: s.connectionId,
        localId: s.localId,
        url: s.url,
        secret: s.secret,
      }}
      sources={sources}
      onKind={s.setTargetKind}
      onConnection={(id) => void s.setConnection(id)}
      // The console offers a local connector's declared tools, which only its definition knows.
      onLocal={(id) => s.setLocal(id, declaredTools(locals.find((c) => c.id === id) ?? null))}
      onUrl={s.setUrl}
      onSecret={s.setSecret}
      stoppedHint="This connector is stopped: start it before sending."
      secretAction={
        <button
          type="button"
          className="btn btn--small"
          data-testid="target-discover"
          onClick={() => void s.discoverTools()}
        >
          Load tools
        </button>
      }
    >
      <FieldError message={s.fieldErrors.target} testId="console-target-error" />
      <ErrorNote error={s.toolsError} testId="console-tools-error" prefix="Tools of this target" />
    </TargetFields>
  );
}
