// Rotation screen actions: every step runs for real in the engine (rotation:* methods), which pings
// the connection after each one; the store only keeps the last answer.

import { create } from 'zustand';
import type { RehearsalDto, Result } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';
import { initialRotationState } from './initialState.ts';
import type { RotationState } from './initialState.ts';

export interface RotationActions {
  load: () => Promise<void>;
  choose: (patch: Partial<Pick<RotationState, 'connectionId' | 'localConnectorId' | 'graceSeconds'>>) => void;
  start: () => Promise<void>;
  advance: () => Promise<void>;
  ping: () => Promise<void>;
  hideSecret: () => void;
}

export const useRotationStore = create<RotationState & RotationActions>()((set, get) => {
  async function run(action: () => Promise<Result<RehearsalDto>>): Promise<void> {
    if (get().busy) return;
    set({ busy: true, error: null });
    const r = await action();
    if (!r.ok) return set({ busy: false, error: r.error });
    set({ busy: false, rehearsal: r.data, ...(r.data.newSecret ? { newSecret: r.data.newSecret } : {}) });
  }

  return {
    ...initialRotationState,

    async load() {
      const [connections, locals, rehearsal] = await Promise.all([
        call('connections:list', undefined),
        call('local:list', undefined),
        call('rotation:get', undefined),
      ]);
      const failed = [connections, locals, rehearsal].find((r) => !r.ok);
      if (failed && !failed.ok) return set({ loaded: true, error: failed.error });
      const cs = connections.ok ? connections.data.map((c) => ({ id: c.id, name: c.name })) : [];
      const ls = locals.ok ? locals.data.map((l) => ({ id: l.id, name: l.name })) : [];
      const s = get();
      set({
        loaded: true,
        connections: cs,
        localConnectors: ls,
        connectionId: s.connectionId || cs[0]?.id || '',
        localConnectorId: s.localConnectorId || ls[0]?.id || '',
        rehearsal: rehearsal.ok ? rehearsal.data : null,
      });
    },

    choose(patch) {
      set(patch);
    },

    async start() {
      const { connectionId, localConnectorId, graceSeconds } = get();
      set({ newSecret: null });
      await run(() => call('rotation:start', { connectionId, localConnectorId, graceSeconds }));
    },

    advance: () => run(() => call('rotation:advance', undefined)),
    ping: () => run(() => call('rotation:ping', undefined)),
    hideSecret: () => set({ newSecret: null }),
  };
});
