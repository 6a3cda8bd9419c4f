// Inspector actions: open an exchange by history id, page the history, replay it, copy as curl
// (re-signed or as sent) and export HAR. The clipboard and the download are the only browser effects here.

import { create } from 'zustand';
import type { ExchangeDetailDto } from '../../../../shared/index.ts';
import { call, subscribe } from '../../api/client.ts';
import { copyText, downloadText } from '../../lib/page.ts';
import { useUiStore } from '../ui/action.ts';
import { initialInspectorState } from './initialState.ts';
import type { BodyView, InspectorState } from './initialState.ts';

export interface InspectorActions {
  show: (detail: ExchangeDetailDto) => void;
  open: (id: number) => Promise<void>;
  loadHistory: (more?: boolean) => Promise<void>;
  setView: (which: 'request' | 'response', view: BodyView) => void;
  copyCurl: (mode: 'as-sent' | 're-signed') => Promise<void>;
  exportHar: () => Promise<void>;
  /** Sends the exchange again; the replay is a new History exchange, which the Inspector opens. */
  replay: (id: number, mode: 'as-sent' | 're-signed') => Promise<void>;
  listen: () => () => void;
}

const PAGE = 50;

export const useInspectorStore = create<InspectorState & InspectorActions>()((set, get) => ({
  ...initialInspectorState,

  show(detail) {
    set({ current: detail, error: null, loadingId: null, curl: null, exportError: null, replayError: null });
  },

  async open(id) {
    if (get().current?.id === id) return;
    set({ loadingId: id, error: null });
    const r = await call('history:get', { id });
    if (get().loadingId !== id) return; // a later open won
    if (r.ok) get().show(r.data);
    else set({ loadingId: null, error: r.error, current: null });
  },

  async loadHistory(more = false) {
    const before = more ? (get().historyNextBefore ?? undefined) : undefined;
    const r = await call('history:page', { limit: PAGE, before });
    if (!r.ok) return set({ historyError: r.error, historyLoaded: true });
    set((s) => ({
      history: more ? [...s.history, ...r.data.items] : r.data.items,
      historyNextBefore: r.data.nextBefore,
      historyError: null,
      historyLoaded: true,
    }));
  },

  setView(which, view) {
    set(which === 'request' ? { requestView: view } : { responseView: view });
  },

  async copyCurl(mode) {
    const id = get().current?.id;
    if (id === undefined) return;
    set({ exportError: null });
    const r = await call('history:export-curl', { id, mode });
    if (!r.ok) return set({ exportError: r.error, curl: null });
    let copied = false;
    try {
      await copyText(r.data.command);
      copied = true;
    } catch {
      // No clipboard permission (plain http page, headless): the command stays visible to copy by hand.
    }
    set({ curl: { mode, command: r.data.command, copied } });
  },

  async exportHar() {
    const id = get().current?.id;
    if (id === undefined) return;
    set({ exportError: null });
    const r = await call('history:export-har', { ids: [id] });
    if (!r.ok) return set({ exportError: r.error });
    downloadText(`exchange-${id}.har`, 'application/json', JSON.stringify(r.data.har, null, 2));
  },

  async replay(id, mode) {
    set({ replaying: true, replayError: null });
    const r = await call('history:replay', { id, mode });
    set({ replaying: false });
    if (!r.ok) return set({ replayError: r.error });
    useUiStore.getState().navigate({ name: 'inspector', param: String(r.data.id) });
  },

  listen() {
    let timer: ReturnType<typeof setTimeout> | null = null;
    // A load run appends thousands of exchanges a second: one reload per burst.
    const off = subscribe('history:appended', () => {
      timer ??= setTimeout(() => {
        timer = null;
        if (get().historyLoaded) void get().loadHistory();
      }, 150);
    });
    return () => {
      if (timer) clearTimeout(timer);
      off();
    };
  },
}));
