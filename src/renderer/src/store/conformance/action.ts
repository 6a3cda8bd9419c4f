// Conformance actions: run against the chosen target (checks arrive as 'conformance:progress'
// events of this run id), cancel by run id, and export the finished report as JSON or JUnit.

import { create } from 'zustand';
import type { TargetDto } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';
import { downloadText } from '../../lib/page.ts';
import { newRunId } from '../../lib/run-id.ts';
import { cancelRun, trackRun } from '../run-lifecycle.ts';
import { initialConformanceState } from './initialState.ts';
import type { ConformanceState } from './initialState.ts';
import { parseSkew } from './selectors.ts';

export interface ConformanceActions {
  setSkew: (text: string, touched?: boolean) => void;
  run: (target: TargetDto) => Promise<void>;
  cancel: () => Promise<void>;
  exportReport: (format: 'json' | 'junit') => Promise<void>;
}

export const useConformanceStore = create<ConformanceState & ConformanceActions>()((set, get) => ({
  ...initialConformanceState,

  setSkew(skewText, touched = true) {
    set({ skewText, skewTouched: touched || get().skewTouched, fieldError: null });
  },

  async run(target) {
    if (get().running) return;
    const skew = parseSkew(get().skewText);
    if (!skew.ok) return set({ fieldError: skew.message });
    const runId = newRunId('conf');
    set({
      runId,
      running: true,
      cancelling: false,
      checks: [],
      total: 0,
      report: null,
      error: null,
      exportError: null,
    });
    await trackRun(
      { get, set },
      runId,
      'conformance:progress',
      (p) =>
        set((s) =>
          s.checks.some((c) => c.id === p.check.id) ? {} : { checks: [...s.checks, p.check], total: p.total },
        ),
      () => call('conformance:run', { runId, target, skewSeconds: skew.value }),
      // The report is the truth: events may trail the answer, or a few may have been missed.
      (r) =>
        set(
          r.ok ? { report: r.data, checks: r.data.checks, total: r.data.checks.length } : { error: r.error },
        ),
    );
  },

  cancel: () => cancelRun({ get, set }, 'conformance:cancel'),

  async exportReport(format) {
    const runId = get().report?.runId;
    if (!runId) return;
    set({ exportError: null });
    const r = await call('conformance:export', { runId, format });
    if (!r.ok) return set({ exportError: r.error });
    downloadText(r.data.filename, r.data.mime, r.data.text);
  },
}));
