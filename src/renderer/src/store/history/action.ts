// History screen actions: a capped count and keyset windows for the virtual list, new exchanges on top
// (one count a second at most), replay, compare, export (a Blob download), import, retention.

import { create } from 'zustand';
import type { ExchangeSummaryDto, HistoryFilterDto } from '../../../../shared/index.ts';
import { call, subscribe } from '../../api/client.ts';
import { downloadText } from '../../lib/page.ts';
import { useUiStore } from '../ui/action.ts';
import { BLOCK, initialHistoryState } from './initialState.ts';
import type { HistoryState } from './initialState.ts';
import { cleanFilter } from './selectors.ts';

/** While exchanges keep arriving, the list counts and refreshes its head at most this often. */
const REFRESH_EVERY_MS = 1000;

export interface HistoryActions {
  setFilter: (patch: HistoryFilterDto) => Promise<void>;
  reload: () => Promise<void>;
  /** The list shows positions [start, end): fetch the blocks missing there. */
  ensure: (start: number, end: number) => void;
  refreshHead: () => Promise<void>;
  loadFacets: () => Promise<void>;
  toggle: (id: number) => void;
  clearSelection: () => void;
  replay: (mode: 'as-sent' | 're-signed') => Promise<void>;
  compareSelected: () => Promise<void>;
  closeCompare: () => void;
  setExportOptions: (o: { includeSecrets?: boolean; format?: 'har' | 'json' }) => void;
  exportHistory: (scope: 'selection' | 'filter') => Promise<void>;
  importFile: (file: File) => Promise<void>;
  loadRetention: () => Promise<void>;
  saveRetention: (maxCount: number | null, maxAgeDays: number | null) => Promise<void>;
  listen: () => () => void;
}

export const useHistoryStore = create<HistoryState & HistoryActions>()((set, get) => {
  function finishFilterTiming(): void {
    const startedAt = get().filterStartedAt;
    if (startedAt === null) return;
    set({ lastFilterMs: Math.round(performance.now() - startedAt), filterStartedAt: null });
  }

  /**
   * New exchanges land on top: count again, read the newest window, and move every cached row down
   * by the number of new rows, so the list (which adds as much to its scroll offset) stays put.
   * Pruning removes the oldest rows: those fall off the end.
   */
  async function shiftForNewRows(): Promise<void> {
    const s = get();
    const generation = s.generation;
    const c = await call('history:count', { filter: s.filter });
    if (!c.ok || get().generation !== generation) return;
    if (c.data.headId === s.headId && c.data.total === s.total) return;
    const top = await call('history:window', {
      filter: s.filter,
      limit: BLOCK,
      ...(c.data.headId !== null ? { before: c.data.headId + 1 } : {}),
    });
    const now = get();
    if (!top.ok || now.generation !== generation) return;
    const oldHead = now.headId;
    const added =
      oldHead === null ? top.data.items.length : top.data.items.filter((r) => r.id > oldHead).length;
    if (added === BLOCK) return void now.reload();
    const rows: Record<number, ExchangeSummaryDto> = {};
    for (const [p, row] of Object.entries(now.rows)) {
      const at = Number(p) + added;
      if (at < c.data.total) rows[at] = row;
    }
    top.data.items.forEach((item, i) => (rows[i] = item));
    set({
      generation: generation + 1,
      total: c.data.total,
      capped: c.data.capped,
      headId: c.data.headId,
      floorId: c.data.floorId,
      rows,
      shift: added > 0 ? { rows: added, seq: now.shift.seq + 1 } : now.shift,
    });
    const [start, end] = get().visible;
    get().ensure(start + added, end + added);
    if (added > 0) void now.loadFacets();
  }

  /**
   * The keyset cursor for a block of positions: below the row just above it, or above the row just
   * below it, when cached; the head for the first block; else (a far jump) an id estimated from
   * the counted span, so no window ever walks an OFFSET.
   */
  function cursorFor(block: number): { before?: number; after?: number } {
    const { rows, headId, floorId, total } = get();
    if (headId === null) return {};
    if (block === 0) return { before: headId + 1 };
    const above = rows[block * BLOCK - 1];
    if (above) return { before: above.id };
    const below = rows[(block + 1) * BLOCK];
    if (below) return { after: below.id };
    const floor = floorId ?? 1;
    const share = Math.min(1, (block * BLOCK) / Math.max(total, 1));
    return { before: Math.max(floor, Math.round(headId + 1 - share * (headId - floor + 1))) };
  }

  return {
    ...initialHistoryState,

    async setFilter(patch) {
      // The selection follows the filter: rows it hides must not stay selected (and silently disable Replay).
      set({ filter: cleanFilter({ ...get().filter, ...patch }), selected: [] });
      await get().reload();
    },

    async reload() {
      const generation = get().generation + 1;
      set({ generation, rows: {}, error: null, lastFilterMs: null, filterStartedAt: performance.now() });
      const r = await call('history:count', { filter: get().filter });
      if (get().generation !== generation) return;
      if (!r.ok) return set({ error: r.error, loaded: true, total: 0 });
      set({
        total: r.data.total,
        capped: r.data.capped,
        headId: r.data.headId,
        floorId: r.data.floorId,
        loaded: true,
        shift: { rows: 0, seq: get().shift.seq },
        scrollReset: get().scrollReset + 1,
      });
      const [start, end] = get().visible;
      get().ensure(0, Math.max(end - start, BLOCK));
      if (r.data.total === 0) finishFilterTiming();
    },

    ensure(start, end) {
      set({ visible: [start, end] });
      const { generation, total, filter } = get();
      const last = Math.min(end, total);
      for (let block = Math.floor(start / BLOCK); block * BLOCK < last; block++) {
        const key = `${generation}:${block}`;
        if (get().inFlight.includes(key) || get().rows[block * BLOCK] !== undefined) continue;
        // The block above is on its way: this one follows from its last row when it lands.
        if (get().inFlight.includes(`${generation}:${block - 1}`)) continue;
        const cursor = cursorFor(block);
        set({ inFlight: [...get().inFlight, key] });
        void call('history:window', { filter, limit: BLOCK, ...cursor }).then((r) => {
          set({ inFlight: get().inFlight.filter((k) => k !== key) });
          if (get().generation !== generation) return;
          if (!r.ok) return set({ error: r.error });
          const rows = { ...get().rows };
          // Rows newer than a cursor below end just above it; every other window starts the block.
          const first =
            cursor.after !== undefined ? (block + 1) * BLOCK - r.data.items.length : block * BLOCK;
          r.data.items.forEach((item, i) => {
            if (first + i >= 0 && first + i < get().total) rows[first + i] = item;
          });
          set({ rows });
          if (block === Math.floor(get().visible[0] / BLOCK)) finishFilterTiming();
          const [s0, e0] = get().visible;
          if (r.data.items.length) get().ensure(s0, e0);
        });
      }
    },

    async refreshHead() {
      if (get().headRefresh.running) {
        set({ headRefresh: { running: true, again: true } });
        return;
      }
      set({ headRefresh: { running: true, again: false } });
      try {
        await shiftForNewRows();
      } finally {
        const again = get().headRefresh.again;
        set({ headRefresh: { running: false, again: false } });
        if (again) void get().refreshHead();
      }
    },

    async loadFacets() {
      const r = await call('history:facets', undefined);
      if (r.ok) set({ facets: r.data });
    },

    toggle(id) {
      const selected = get().selected;
      set({ selected: selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id] });
    },

    clearSelection() {
      set({ selected: [] });
    },

    async replay(mode) {
      const id = get().selected[0];
      if (id === undefined) return;
      set({ busy: `replay-${mode}`, actionError: null, notice: null });
      const r = await call('history:replay', { id, mode });
      set({ busy: null });
      if (!r.ok) return set({ actionError: r.error });
      set({ selected: [] });
      useUiStore.getState().navigate({ name: 'inspector', param: String(r.data.id) });
    },

    async compareSelected() {
      const ids = [...get().selected].sort((a, b) => a - b).slice(0, 2);
      if (ids.length !== 2) return;
      set({ busy: 'compare', actionError: null });
      const [left, right] = await Promise.all(ids.map((id) => call('history:get', { id })));
      set({ busy: null });
      if (!left.ok) return set({ actionError: left.error });
      if (!right.ok) return set({ actionError: right.error });
      set({ compare: { left: left.data, right: right.data } });
    },

    closeCompare() {
      set({ compare: null });
    },

    setExportOptions(o) {
      set(o);
    },

    async exportHistory(scope) {
      const { selected, filter, format, includeSecrets } = get();
      set({ busy: 'export', actionError: null, notice: null });
      const r = await call('history:export', {
        format,
        includeSecrets,
        ...(scope === 'selection' ? { ids: selected } : { filter }),
      });
      set({ busy: null });
      if (!r.ok) return set({ actionError: r.error });
      downloadText(r.data.fileName, r.data.mimeType, r.data.content);
      set({
        notice: `Exported ${r.data.count} exchange${r.data.count === 1 ? '' : 's'} to ${r.data.fileName}${r.data.redacted ? ' (signatures and credentials redacted)' : ' WITH signatures and credentials'}${r.data.truncated ? ' — only the newest 10,000 matching ones' : ''}.`,
      });
    },

    async importFile(file) {
      set({ busy: 'import', actionError: null, notice: null });
      let content: string;
      try {
        content = await file.text();
      } catch (e) {
        return set({
          busy: null,
          actionError: {
            code: 'file_unreadable',
            message: `could not read ${file.name}: ${(e as Error).message}`,
          },
        });
      }
      const r = await call('history:import', { content, fileName: file.name });
      set({ busy: null });
      if (!r.ok) return set({ actionError: r.error });
      set({
        notice: `Imported ${r.data.imported} exchange${r.data.imported === 1 ? '' : 's'} from ${file.name} (#${r.data.firstId}–#${r.data.lastId}).`,
      });
      void get().loadFacets();
    },

    async loadRetention() {
      const r = await call('history:get-retention', undefined);
      if (r.ok) set({ retention: r.data });
    },

    async saveRetention(maxCount, maxAgeDays) {
      set({ busy: 'retention', actionError: null, notice: null });
      const r = await call('history:set-retention', { maxCount, maxAgeDays });
      set({ busy: null });
      if (!r.ok) return set({ actionError: r.error });
      set({
        retention: r.data,
        notice: r.data.lastPrune?.deleted
          ? `Pruned ${r.data.lastPrune.deleted} exchanges.`
          : 'Retention saved.',
      });
    },

    listen() {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let lastRefresh = -Infinity;
      // An import or a load run appends thousands at once: one refresh per burst, and while traffic
      // keeps arriving at most one a second (each refresh counts the filtered matches again).
      const soon = () => {
        const wait = Math.max(150, lastRefresh + REFRESH_EVERY_MS - performance.now());
        timer ??= setTimeout(() => {
          timer = null;
          lastRefresh = performance.now();
          if (get().loaded) void get().refreshHead();
          // The retention summary counts every stored exchange: keep it current as they come and go.
          if (get().retention) void get().loadRetention();
        }, wait);
      };
      const offs = [subscribe('history:appended', soon), subscribe('history:pruned', soon)];
      return () => {
        if (timer) clearTimeout(timer);
        offs.forEach((off) => off());
      };
    },
  };
});
