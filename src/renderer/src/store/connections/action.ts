// Connection actions, in the order of the UI flow (protocol.md 4.2): create, test, pick a
// workspace, sync tools, then flows and organization events. Each records its own error.

import { create } from 'zustand';
import type { ConnectionDto, ConnectionInput, Result } from '../../../../shared/index.ts';
import { call, subscribe } from '../../api/client.ts';
import { initialConnectionsState } from './initialState.ts';
import type { ConnectionOp, ConnectionsState } from './initialState.ts';
import { withoutSecret } from './selectors.ts';

export interface ConnectionsActions {
  load: () => Promise<void>;
  select: (id: string | null) => void;
  create: (input: ConnectionInput) => Promise<ConnectionDto | null>;
  clearCreateError: () => void;
  update: (id: string, changes: ConnectionInput) => Promise<boolean>;
  rotateSecret: (id: string) => Promise<void>;
  remove: (id: string) => Promise<boolean>;
  test: (id: string) => Promise<void>;
  sync: (id: string, workspaceId: string | null) => Promise<void>;
  loadFlows: (id: string) => Promise<void>;
  loadEvents: (id: string) => Promise<void>;
  dismissSecret: () => void;
  setPrefill: (input: ConnectionInput | null) => void;
  listen: () => () => void;
}

type Set = (fn: (s: ConnectionsState) => Partial<ConnectionsState>) => void;

/** Runs one per-connection operation, keeping its busy flag and its error under `${op}:${id}`. */
async function tracked<T>(
  set: Set,
  op: ConnectionOp,
  id: string,
  run: () => Promise<Result<T>>,
): Promise<Result<T>> {
  const key = `${op}:${id}`;
  set((s) => ({ busy: { ...s.busy, [key]: true }, errors: without(s.errors, key) }));
  const r = await run();
  set((s) => ({ busy: without(s.busy, key), errors: r.ok ? s.errors : { ...s.errors, [key]: r.error } }));
  return r;
}

function without<V>(map: Record<string, V>, key: string): Record<string, V> {
  if (!(key in map)) return map;
  const next = { ...map };
  delete next[key];
  return next;
}

function upsert(items: ConnectionDto[], c: ConnectionDto): ConnectionDto[] {
  // The plaintext secret lives only in `revealed`; the list keeps what a list answer would show.
  const safe = withoutSecret(c);
  const i = items.findIndex((x) => x.id === c.id);
  if (i < 0) return [...items, safe];
  const next = items.slice();
  next[i] = safe;
  return next;
}

export const useConnectionsStore = create<ConnectionsState & ConnectionsActions>()((set, get) => ({
  ...initialConnectionsState,

  async load() {
    const r = await call('connections:list', undefined);
    if (!r.ok) return set({ listError: r.error, loaded: true });
    const selectedId = get().selectedId;
    set({
      items: r.data,
      loaded: true,
      listError: null,
      selectedId:
        selectedId && r.data.some((c) => c.id === selectedId) ? selectedId : (r.data[0]?.id ?? null),
    });
  },

  select(id) {
    set({ selectedId: id });
    if (id) {
      void get().loadFlows(id);
      void get().loadEvents(id);
    }
  },

  async create(input) {
    set({ creating: true, createError: null });
    const r = await call('connections:create', input);
    if (!r.ok) {
      set({ creating: false, createError: r.error });
      return null;
    }
    const c = r.data;
    set((s) => ({
      creating: false,
      prefill: null,
      items: upsert(s.items, c),
      selectedId: c.id,
      revealed: c.signing_secret
        ? { connectionId: c.id, connectionName: c.name, secret: c.signing_secret, reason: 'created' }
        : null,
    }));
    return c;
  },

  clearCreateError() {
    set({ createError: null });
  },

  async update(id, changes) {
    const r = await tracked(set, 'update', id, () => call('connections:update', { id, changes }));
    if (r.ok) {
      const c = r.data;
      set((s) => ({
        items: upsert(s.items, c),
        revealed: c.signing_secret
          ? { connectionId: c.id, connectionName: c.name, secret: c.signing_secret, reason: 'rotated' }
          : s.revealed,
      }));
    }
    return r.ok;
  },

  async rotateSecret(id) {
    const r = await tracked(set, 'rotate', id, () => call('connections:rotate-secret', { id }));
    if (r.ok && r.data.signing_secret) {
      const c = r.data;
      set((s) => ({
        items: upsert(s.items, c),
        revealed: {
          connectionId: c.id,
          connectionName: c.name,
          secret: c.signing_secret!,
          reason: 'rotated',
        },
      }));
    }
  },

  async remove(id) {
    const r = await tracked(set, 'delete', id, () => call('connections:delete', { id }));
    if (r.ok) {
      set((s) => {
        const items = s.items.filter((c) => c.id !== id);
        return {
          items,
          selectedId: s.selectedId === id ? (items[0]?.id ?? null) : s.selectedId,
          revealed: s.revealed?.connectionId === id ? null : s.revealed,
        };
      });
    }
    return r.ok;
  },

  async test(id) {
    const r = await tracked(set, 'test', id, () => call('connections:test', { id }));
    if (r.ok) {
      const report = r.data;
      set((s) => ({
        tests: { ...s.tests, [id]: report },
        items: s.items.map((c) =>
          c.id === id ? { ...c, status: report.status, last_tested_at: report.tested_at } : c,
        ),
      }));
    }
  },

  async sync(id, workspaceId) {
    const r = await tracked(set, 'sync', id, () => call('connections:sync-tools', { id, workspaceId }));
    if (r.ok) {
      const report = r.data;
      set((s) => ({
        syncs: { ...s.syncs, [id]: report },
        items: s.items.map((c) =>
          c.id === id && workspaceId !== undefined ? { ...c, workspace_id: workspaceId } : c,
        ),
      }));
      void get().loadFlows(id);
    }
  },

  async loadFlows(id) {
    const r = await tracked(set, 'flows', id, () => call('connections:get-flows', { id }));
    if (r.ok) set((s) => ({ flows: { ...s.flows, [id]: r.data } }));
  },

  async loadEvents(id) {
    const r = await tracked(set, 'events', id, () => call('connections:list-events', { id }));
    if (r.ok) set((s) => ({ events: { ...s.events, [id]: r.data } }));
  },

  dismissSecret() {
    set({ revealed: null });
  },

  setPrefill(prefill) {
    set({ prefill, createError: null });
  },

  listen() {
    // Another window, the CLI or an org event may change a connection: refresh what is shown.
    return subscribe('connections:changed', ({ id }) => {
      void get().load();
      if (id === get().selectedId) void get().loadEvents(id);
    });
  },
}));
