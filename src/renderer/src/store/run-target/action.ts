// Actions of the run target: choose the kind and the target; a connection's synced tools are
// fetched when it is chosen so the Load panel can offer them with their input_schema.

import { create } from 'zustand';
import { call } from '../../api/client.ts';
import { initialRunTargetState } from './initialState.ts';
import type { RunTargetKind, RunTargetState } from './initialState.ts';

export interface RunTargetActions {
  setKind: (kind: RunTargetKind) => void;
  setConnection: (id: string | null) => Promise<void>;
  setLocal: (id: string | null) => void;
  setUrl: (url: string) => void;
  setSecret: (secret: string) => void;
}

export const useRunTargetStore = create<RunTargetState & RunTargetActions>()((set, get) => ({
  ...initialRunTargetState,

  setKind(kind) {
    set({ kind });
  },

  async setConnection(connectionId) {
    set({ connectionId, connectionTools: [], toolsError: null });
    if (!connectionId) return;
    const r = await call('tools:list', { connectionId });
    if (get().connectionId !== connectionId) return;
    if (!r.ok) return set({ toolsError: r.error });
    // One connection may be synced into several workspaces: each tool name once.
    set({ connectionTools: [...new Map(r.data.map((t) => [t.definition.name, t.definition])).values()] });
  },

  setLocal(localId) {
    set({ localId });
  },

  setUrl(url) {
    set({ url });
  },

  setSecret(secret) {
    set({ secret });
  },
}));
