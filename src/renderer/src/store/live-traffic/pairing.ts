// The sent-vs-received pairing of the exchanges the Inspector shows, fetched once per id: the engine
// computes it when asked (recording never pays for it), and a pair only changes when its peer arrives.

import { create } from 'zustand';
import type { ApiError, PairingDto } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';

export interface PairingState {
  /** id -> pairing (null: nothing else carries its request_id yet). */
  byId: Record<number, PairingDto | null>;
  errors: Record<number, ApiError>;
  load: (id: number) => Promise<void>;
}

export const usePairingStore = create<PairingState>()((set) => ({
  byId: {},
  errors: {},
  async load(id) {
    const r = await call('history:pairing', { id });
    if (r.ok) set((s) => ({ byId: { ...s.byId, [id]: r.data } }));
    else set((s) => ({ errors: { ...s.errors, [id]: r.error } }));
  },
}));
