// What every target picker reads besides its own store: the connections and local connectors to
// offer (loaded on first show) and the state of starting the chosen local connector.

import { useEffect } from 'react';
import type { ApiError, ConnectionDto, LocalConnectorDto } from '../../../../shared/index.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useLocalStore } from '../../store/local/action.ts';

const startLocal = (id: string) => void useLocalStore.getState().start(id);

export interface TargetSources {
  connections: ConnectionDto[];
  locals: LocalConnectorDto[];
  startBusy: boolean;
  startError: ApiError | null;
  startLocal: (id: string) => void;
}

export function useTargetSources(localId: string | null): TargetSources {
  const connections = useConnectionsStore((x) => x.items);
  const locals = useLocalStore((x) => x.items);
  const startBusy = useLocalStore((x) => (localId ? Boolean(x.busy[`start:${localId}`]) : false));
  const opError = useLocalStore((x) => x.opError);

  useEffect(() => {
    void useConnectionsStore.getState().load();
    void useLocalStore.getState().load();
  }, []);

  return {
    connections,
    locals,
    startBusy,
    startError: opError && opError.id === localId ? opError.error : null,
    startLocal,
  };
}
