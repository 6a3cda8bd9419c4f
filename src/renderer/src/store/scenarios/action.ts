// Scenarios actions: open a collection folder (typed, remembered, the shipped examples by default),
// edit and save a file, run one or all against a target, follow disk changes, save an exchange as one.

import { create } from 'zustand';
import type { ScenarioChangedEventDto, TargetDto } from '../../../../shared/index.ts';
import { call, subscribe } from '../../api/client.ts';
import { newRunId } from '../../lib/run-id.ts';
import { FOLDER_KEY, initialScenariosState } from './initialState.ts';
import type { ScenariosState } from './initialState.ts';

export interface ScenariosActions {
  /** Opens the remembered folder, else the shipped examples when the engine finds them. */
  init: () => Promise<void>;
  setFolderInput: (text: string) => void;
  open: (folder?: string) => Promise<boolean>;
  select: (name: string) => Promise<void>;
  setDraft: (text: string) => void;
  save: () => Promise<boolean>;
  /** Runs the file in the editor (`'one'`) or every file of the folder. */
  run: (target: TargetDto, which: 'one' | 'all') => Promise<void>;
  saveFromExchange: (exchangeId: number) => Promise<string | null>;
  onChanged: (event: ScenarioChangedEventDto) => Promise<void>;
  listen: () => () => void;
}

/** Counts open() calls, so an older one still in flight drops its answer. */
let openSeq = 0;

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const useScenariosStore = create<ScenariosState & ScenariosActions>()((set, get) => ({
  ...initialScenariosState,

  async init() {
    // The user may type or open a folder while the default is still being looked up: theirs wins.
    const untouched = () => !get().folder && get().folderInput === '';
    if (!untouched()) return;
    const remembered = storage()?.getItem(FOLDER_KEY);
    if (remembered && (await get().open(remembered))) return;
    const r = await call('scenarios:default-folder', undefined);
    if (r.ok && r.data.folder && untouched()) await get().open(r.data.folder);
  },

  setFolderInput(text) {
    set({ folderInput: text });
  },

  async open(folder = get().folderInput) {
    // The latest open wins: the default folder's, started first, must not land after the user's.
    const seq = ++openSeq;
    set({ folderInput: folder });
    const r = await call('scenarios:list', { folder });
    if (seq !== openSeq) return false;
    if (!r.ok) {
      set({ listError: r.error });
      return false;
    }
    const switched = r.data.folder !== get().folder;
    set({ folder: r.data.folder, folderInput: r.data.folder, files: r.data.files, listError: null });
    storage()?.setItem(FOLDER_KEY, r.data.folder);
    await call('scenarios:watch', { folder: r.data.folder });
    if (switched) {
      set({ selected: null, draft: '', saved: '', problem: null, report: null, steps: [] });
      if (r.data.files[0]) await get().select(r.data.files[0].name);
    }
    return true;
  },

  async select(name) {
    const { folder } = get();
    if (!folder) return;
    const r = await call('scenarios:read', { folder, file: name });
    if (!r.ok) return set({ saveError: r.error });
    set({
      selected: name,
      saved: r.data.text,
      draft: r.data.text,
      problem: r.data.problem,
      saveError: null,
      changedOnDisk: false,
    });
  },

  setDraft(text) {
    set({ draft: text });
  },

  async save() {
    const { folder, selected, draft } = get();
    if (!folder || !selected) return false;
    const r = await call('scenarios:write', { folder, file: selected, text: draft });
    if (!r.ok) {
      set({ saveError: r.error });
      return false;
    }
    set({ saved: draft, problem: r.data.problem, saveError: null, changedOnDisk: false });
    return r.data.problem === null;
  },

  async run(target, which) {
    const { folder, selected } = get();
    if (!folder || get().running) return;
    const runId = newRunId('scenarios');
    set({ running: true, runId, steps: [], report: null, runError: null });
    const r = await call('scenarios:run', {
      runId,
      folder,
      target,
      ...(which === 'one' && selected ? { files: [selected] } : {}),
    });
    if (!r.ok) return set({ running: false, runError: r.error });
    set({ running: false, report: r.data, steps: r.data.results });
  },

  async saveFromExchange(exchangeId) {
    set({ savedFrom: null, saveFromError: null });
    if (!get().folder) await get().init();
    const { folder } = get();
    if (!folder) {
      set({
        saveFromError: {
          code: 'no_collection',
          message: 'Open a collection folder on the Scenarios screen first.',
        },
      });
      return null;
    }
    const r = await call('scenarios:save-from-exchange', { folder, exchangeId });
    if (!r.ok) {
      set({ saveFromError: r.error });
      return null;
    }
    set({ savedFrom: r.data });
    await get().open(folder);
    await get().select(r.data.name);
    return r.data.name;
  },

  async onChanged(event) {
    const { folder, selected } = get();
    if (event.folder !== folder) return;
    const r = await call('scenarios:list', { folder });
    if (r.ok) set({ files: r.data.files });
    if (!selected || (event.file !== null && event.file !== selected)) return;
    if (!r.ok || !r.data.files.some((f) => f.name === selected)) return;
    const text = await call('scenarios:read', { folder, file: selected });
    // Read again after the awaits: the event of our own save may arrive before its answer.
    const { draft, saved } = get();
    if (!text.ok || text.data.text === saved || text.data.text === draft || get().selected !== selected)
      return;
    // Unsaved edits win over the disk; the screen says the file changed underneath.
    if (draft !== saved) return set({ changedOnDisk: true });
    set({ saved: text.data.text, draft: text.data.text, problem: text.data.problem });
  },

  listen() {
    const offs = [
      subscribe('scenarios:changed', (e) => void get().onChanged(e)),
      subscribe('scenarios:step', (e) => {
        if (e.runId === get().runId && get().running) set((s) => ({ steps: [...s.steps, e.result] }));
      }),
    ];
    return () => offs.forEach((off) => off());
  },
}));
