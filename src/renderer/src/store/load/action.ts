// Load actions: compose the request, run it against the chosen target (progress arrives as
// 'load:progress' events of this run id) and cancel it by run id.

import { create } from 'zustand';
import type { TargetDto, ToolDefinitionDto } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';
import { newRunId } from '../../lib/run-id.ts';
import { paramsAfterToolChange } from '../../lib/tool-choice.ts';
import { cancelRun, trackRun } from '../run-lifecycle.ts';
import { initialLoadState } from './initialState.ts';
import type { LoadState } from './initialState.ts';
import { buildLoadInput } from './selectors.ts';

type Editable = Pick<
  LoadState,
  | 'requestKind'
  | 'tool'
  | 'paramsText'
  | 'connectionsText'
  | 'mode'
  | 'durationText'
  | 'requestsText'
  | 'rateText'
  | 'thresholdsText'
>;

export interface LoadActions {
  edit: (patch: Partial<Editable>) => void;
  /** Picks a tool; its parameter skeleton replaces parameters the user has not edited. */
  chooseTool: (tool: string, tools: readonly ToolDefinitionDto[]) => void;
  confirmHost: (host: string | null) => void;
  run: (target: TargetDto | null, allowNonLoopback: boolean) => Promise<void>;
  cancel: () => Promise<void>;
}

export const useLoadStore = create<LoadState & LoadActions>()((set, get) => ({
  ...initialLoadState,

  edit(patch) {
    set((s) => {
      const fieldErrors = { ...s.fieldErrors };
      for (const key of Object.keys(patch)) {
        const field = key === 'paramsText' ? 'parameters' : key.replace(/Text$/, '');
        delete fieldErrors[field as keyof typeof fieldErrors];
      }
      return { ...patch, fieldErrors };
    });
  },

  chooseTool(tool, tools) {
    const byName = (name: string) => tools.find((t) => t.name === name) ?? null;
    const paramsText = paramsAfterToolChange(get().paramsText, byName(get().tool), byName(tool));
    get().edit({ tool, paramsText });
  },

  confirmHost(confirmedHost) {
    set({ confirmedHost });
  },

  async run(target, allowNonLoopback) {
    if (get().running) return;
    const built = buildLoadInput(get(), target);
    if (!built.ok) return set({ fieldErrors: built.errors });
    const runId = newRunId('load');
    set({
      runId,
      running: true,
      cancelling: false,
      progress: null,
      report: null,
      error: null,
      fieldErrors: {},
    });
    await trackRun(
      { get, set },
      runId,
      'load:progress',
      (progress) => set({ progress }),
      () =>
        call('load:run', { ...built.input, runId, ...(allowNonLoopback ? { allowNonLoopback: true } : {}) }),
      (r) => set(r.ok ? { report: r.data } : { error: r.error }),
    );
  },

  cancel: () => cancelRun({ get, set }, 'load:cancel'),
}));
