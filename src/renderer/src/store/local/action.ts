// Local connector actions: list, load the definition schema, edit/save (problems shown inline),
// start/stop/delete, and the live request log fed by the engine's 'host:request' events.

import { create } from 'zustand';
import type { HostRequestEventDto, LocalConnectorDto, Result } from '../../../../shared/index.ts';
import { call, subscribe } from '../../api/client.ts';
import { parseJsonObject, problemsOf } from '../../lib/json-input.ts';
import { initialLocalState, LOG_CAP, NEW_DEFINITION } from './initialState.ts';
import type { LocalState } from './initialState.ts';

export interface LocalActions {
  load: () => Promise<void>;
  loadSchema: () => Promise<void>;
  select: (id: string | null) => void;
  newDraft: () => void;
  setDraft: (text: string) => void;
  save: () => Promise<boolean>;
  start: (id: string) => Promise<void>;
  stop: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  listen: () => () => void;
}

const pretty = (c: LocalConnectorDto | undefined) => (c ? JSON.stringify(c.definition, null, 2) : '');

function replace(items: LocalConnectorDto[], c: LocalConnectorDto): LocalConnectorDto[] {
  return items.some((x) => x.id === c.id) ? items.map((x) => (x.id === c.id ? c : x)) : [...items, c];
}

export const useLocalStore = create<LocalState & LocalActions>()((set, get) => {
  async function op(
    id: string,
    name: 'start' | 'stop' | 'delete',
    run: () => Promise<Result<LocalConnectorDto | { deleted: true }>>,
  ) {
    const key = `${name}:${id}`;
    set((s) => ({ busy: { ...s.busy, [key]: true }, opError: null }));
    const r = await run();
    set((s) => {
      const busy = { ...s.busy };
      delete busy[key];
      if (!r.ok) return { busy, opError: { id, op: name, error: r.error } };
      if ('deleted' in r.data) {
        const items = s.items.filter((c) => c.id !== id);
        const selectedId = s.selectedId === id ? (items[0]?.id ?? null) : s.selectedId;
        return {
          busy,
          items,
          selectedId,
          draft: selectedId === s.selectedId ? s.draft : pretty(items[0]),
          dirty: false,
        };
      }
      return { busy, items: replace(s.items, r.data as LocalConnectorDto) };
    });
  }

  return {
    ...initialLocalState,

    async load() {
      const r = await call('local:list', undefined);
      if (!r.ok) return set({ listError: r.error, loaded: true });
      const { selectedId, dirty } = get();
      const keep = selectedId !== null && r.data.some((c) => c.id === selectedId);
      const nextId = keep ? selectedId : (r.data[0]?.id ?? null);
      set({ items: r.data, loaded: true, listError: null, selectedId: nextId });
      if (!keep || !dirty) set({ draft: pretty(r.data.find((c) => c.id === nextId)), dirty: false });
    },

    async loadSchema() {
      if (get().schema) return;
      const r = await call('local:get-schema', undefined);
      if (r.ok) set({ schema: r.data });
    },

    select(id) {
      set({
        selectedId: id,
        draft: pretty(get().items.find((c) => c.id === id)),
        dirty: false,
        problems: [],
        saveError: null,
        savedAt: null,
      });
    },

    newDraft() {
      set({
        selectedId: null,
        draft: JSON.stringify(NEW_DEFINITION, null, 2),
        dirty: true,
        problems: [],
        saveError: null,
        savedAt: null,
      });
    },

    setDraft(draft) {
      set({ draft, dirty: true, savedAt: null });
    },

    async save() {
      const parsed = parseJsonObject(get().draft, 'The definition', false);
      if (!parsed.ok) {
        set({ problems: [{ path: '', message: parsed.message }], saveError: null });
        return false;
      }
      set({ saving: true, problems: [], saveError: null });
      const id = get().selectedId ?? undefined;
      const r = await call('local:save', { id, definition: parsed.value });
      if (!r.ok) {
        set({ saving: false, saveError: r.error, problems: problemsOf(r.error.details) });
        return false;
      }
      set((s) => ({
        saving: false,
        items: replace(s.items, r.data),
        selectedId: r.data.id,
        draft: pretty(r.data),
        dirty: false,
        savedAt: Date.now(),
      }));
      return true;
    },

    start: (id) => op(id, 'start', () => call('local:start', { id })),
    stop: (id) => op(id, 'stop', () => call('local:stop', { id })),
    remove: (id) => op(id, 'delete', () => call('local:delete', { id })),

    listen() {
      // Requests arrive in bursts (a load run): gather them and render once per 100 ms.
      let queued: HostRequestEventDto[] = [];
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        timer = null;
        const batch = queued;
        queued = [];
        set((s) => {
          const log = { ...s.log };
          for (const event of batch) {
            const prev = log[event.localConnectorId] ?? [];
            if (event.exchangeId !== null && prev.some((e) => e.exchangeId === event.exchangeId)) continue;
            log[event.localConnectorId] = [event, ...prev].slice(0, LOG_CAP);
          }
          return { log };
        });
      };
      const off = subscribe('host:request', (event) => {
        queued.push(event);
        timer ??= setTimeout(flush, 100);
      });
      return () => {
        if (timer) clearTimeout(timer);
        off();
      };
    },
  };
});
