// Keyboard actions: open and close the shortcuts help, and run what a matched shortcut names
// through the stores that own it (navigation, connection test and sync).

import { create } from 'zustand';
import type { ShortcutAction } from '../../lib/shortcuts.ts';
import { useConnectionsStore } from '../connections/action.ts';
import { selectedConnection } from '../connections/selectors.ts';
import { useUiStore } from '../ui/action.ts';
import { initialShortcutsState } from './initialState.ts';
import type { ShortcutsState } from './initialState.ts';

export interface ShortcutsActions {
  openHelp: () => void;
  closeHelp: () => void;
  /** Runs the action; false when it does not apply here (the key is then left alone). */
  perform: (action: ShortcutAction) => boolean;
}

export const useShortcutsStore = create<ShortcutsState & ShortcutsActions>()((set, get) => ({
  ...initialShortcutsState,

  openHelp() {
    set({ helpOpen: true });
  },

  closeHelp() {
    set({ helpOpen: false });
  },

  perform(action) {
    const ui = useUiStore.getState();
    switch (action.kind) {
      case 'navigate':
        ui.navigate({ name: action.route });
        return true;
      case 'test-connection':
      case 'sync-connection': {
        if (ui.route.name !== 'business-tools') return false;
        const connections = useConnectionsStore.getState();
        const c = selectedConnection(connections);
        if (!c) return false;
        if (action.kind === 'test-connection') void connections.test(c.id);
        else void connections.sync(c.id, c.workspace_id);
        return true;
      }
      case 'focus-search': {
        const field = document.querySelector<HTMLElement>('[data-shortcut="search"], input[type="search"]');
        field?.focus();
        return field !== null;
      }
      case 'open-help':
        get().openHelp();
        return true;
      case 'close-panel':
        if (!get().helpOpen) return false;
        get().closeHelp();
        return true;
      case 'send':
        return false;
    }
  },
}));
