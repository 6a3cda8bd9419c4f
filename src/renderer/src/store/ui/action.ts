// Shell actions: boot (engine info, organization, workspaces), navigation and the plan switch
// that shows the premium gate.

import { create } from 'zustand';
import { call } from '../../api/client.ts';
import { initialUiState } from './initialState.ts';
import type { Route, UiState } from './initialState.ts';
import { parseHash, routeToHash } from '../../lib/route.ts';
import { currentHash, pushHash } from '../../lib/page.ts';

export interface UiActions {
  boot: () => Promise<void>;
  navigate: (route: Route) => void;
  syncFromHash: () => void;
  setPlan: (plan: 'free' | 'premium') => Promise<void>;
  reloadWorkspaces: () => Promise<void>;
}

export const useUiStore = create<UiState & UiActions>()((set, get) => ({
  ...initialUiState,
  route: parseHash(currentHash() ?? ''),

  async boot() {
    const [info, org, ws] = await Promise.all([
      call('app:get-info', undefined),
      call('org:get', undefined),
      call('workspaces:list', undefined),
    ]);
    const firstError = [info, org, ws].find((r) => !r.ok);
    set({
      info: info.ok ? info.data : null,
      org: org.ok ? org.data : null,
      workspaces: ws.ok ? ws.data : [],
      bootError: firstError && !firstError.ok ? firstError.error : null,
      appState: 'ready',
    });
  },

  navigate(route) {
    pushHash(routeToHash(route));
    set({ route });
  },

  syncFromHash() {
    const route = parseHash(currentHash() ?? '');
    const now = get().route;
    if (now.name !== route.name || now.param !== route.param) set({ route });
  },

  async setPlan(plan) {
    set({ planSaving: true, planError: null });
    const r = await call('org:set-plan', { plan });
    set(r.ok ? { org: r.data, planSaving: false } : { planError: r.error, planSaving: false });
  },

  async reloadWorkspaces() {
    const r = await call('workspaces:list', undefined);
    if (r.ok) set({ workspaces: r.data });
  },
}));
