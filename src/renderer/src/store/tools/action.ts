// Tools actions: list the business tools (all, or one workspace's) and pick one to read its schema.
// The schema is read from the listed tool, not fetched again: the list already carries it.

import { create } from 'zustand';
import { call } from '../../api/client.ts';
import { initialToolsState } from './initialState.ts';
import type { ToolsState } from './initialState.ts';

export interface ToolsActions {
  load: () => Promise<void>;
  setWorkspace: (workspaceId: string | null) => Promise<void>;
  select: (id: string | null) => void;
}

export const useToolsStore = create<ToolsState & ToolsActions>()((set, get) => ({
  ...initialToolsState,

  async load() {
    set({ loading: true });
    const ws = get().workspaceId;
    const r = await call('tools:list', ws ? { workspaceId: ws } : {});
    if (!r.ok) return set({ loading: false, loaded: true, error: r.error });
    const selectedId = get().selectedId;
    set({
      loading: false,
      loaded: true,
      error: null,
      items: r.data,
      selectedId:
        selectedId && r.data.some((t) => t.id === selectedId) ? selectedId : (r.data[0]?.id ?? null),
    });
  },

  async setWorkspace(workspaceId) {
    set({ workspaceId });
    await get().load();
  },

  select(id) {
    set({ selectedId: id });
  },
}));
