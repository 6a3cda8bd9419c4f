// The Live traffic screen's state and actions: the form (forward-to URL, port, where the secrets come
// from), start/stop of the engine's recording proxy, and the requests it answered, newest first.

import { create } from 'zustand';
import type { ApiError, ListenRequestEventDto, ListenStatusDto } from '../../../../shared/index.ts';
import { call, subscribe } from '../../api/client.ts';

/** The screen keeps the latest requests only: the History holds them all. */
export const LIVE_CAP = 200;

export interface LiveTrafficState {
  status: ListenStatusDto | null;
  forwardTo: string;
  port: string;
  /** `connection:<id>` or `local:<id>`: the secrets come from there, never typed in. */
  secretsFrom: string;
  requests: ListenRequestEventDto[];
  busy: boolean;
  error: ApiError | null;
  setForm: (changes: Partial<Pick<LiveTrafficState, 'forwardTo' | 'port' | 'secretsFrom'>>) => void;
  refresh: () => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Subscribes to listen:request; returns the unsubscribe. */
  listen: () => () => void;
}

export const useLiveTrafficStore = create<LiveTrafficState>()((set, get) => ({
  status: null,
  forwardTo: '',
  port: '0',
  secretsFrom: '',
  requests: [],
  busy: false,
  error: null,
  setForm: (changes) => set({ ...changes, error: null }),
  async refresh() {
    const r = await call('listen:status', undefined);
    if (r.ok) set({ status: r.data });
  },
  async start() {
    const { forwardTo, port, secretsFrom } = get();
    const [kind, ...rest] = secretsFrom.split(':');
    const id = rest.join(':');
    if (!id) {
      set({ error: { code: 'validation_error', message: 'Choose where the secrets come from.' } });
      return;
    }
    set({ busy: true, error: null });
    const r = await call('listen:start', {
      forwardTo: forwardTo.trim(),
      port: port.trim() === '' ? 0 : Number(port),
      secretsFrom: kind === 'local' ? { localConnectorId: id } : { connectionId: id },
    });
    set(r.ok ? { busy: false, status: r.data, requests: [] } : { busy: false, error: r.error });
  },
  async stop() {
    set({ busy: true, error: null });
    const r = await call('listen:stop', undefined);
    set(r.ok ? { busy: false, status: r.data } : { busy: false, error: r.error });
  },
  listen() {
    return subscribe('listen:request', (e) =>
      set((s) => ({
        requests: [e, ...s.requests].slice(0, LIVE_CAP),
        status: s.status ? { ...s.status, requests: s.status.requests + 1 } : s.status,
      })),
    );
  },
}));
