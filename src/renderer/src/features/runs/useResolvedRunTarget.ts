// The run target both run panels aim at, resolved against the connections and local connectors
// known now: one hook so Conformance and Load can never disagree on what "ready" means.

import { useMemo } from 'react';
import { useRunTargetStore } from '../../store/run-target/action.ts';
import { resolveRunTarget } from '../../store/run-target/selectors.ts';
import type { ResolvedRunTarget } from '../../store/run-target/selectors.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useLocalStore } from '../../store/local/action.ts';
import { useShallow } from 'zustand/react/shallow';

export function useResolvedRunTarget(): ResolvedRunTarget {
  const targetState = useRunTargetStore(
    useShallow((x) => ({
      kind: x.kind,
      connectionId: x.connectionId,
      localId: x.localId,
      url: x.url,
      secret: x.secret,
      connectionTools: x.connectionTools,
      toolsError: x.toolsError,
    })),
  );
  const connections = useConnectionsStore((x) => x.items);
  const locals = useLocalStore((x) => x.items);
  return useMemo(
    () => resolveRunTarget(targetState, connections, locals),
    [targetState, connections, locals],
  );
}
