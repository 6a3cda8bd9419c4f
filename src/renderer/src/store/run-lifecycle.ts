// The life cycle the cancellable runs (conformance, load) share: progress events of one run id,
// an answer that lands only if its run is still the current one, and cancel by run id.

import type { ApiError, Events } from '../../../shared/index.ts';
import { call, subscribe } from '../api/client.ts';

export interface RunSlice {
  runId: string | null;
  running: boolean;
  cancelling: boolean;
  error: ApiError | null;
}

interface RunStore {
  get: () => RunSlice;
  set: (patch: Partial<RunSlice>) => void;
}

type ProgressEvent = 'conformance:progress' | 'load:progress';

/**
 * Listens to `event` while `request` runs, settles its answer unless a newer run took over, and
 * always ends the run (a stale run must neither write its answer nor clear the newer run's flags).
 */
export async function trackRun<E extends ProgressEvent, T>(
  store: RunStore,
  runId: string,
  event: E,
  onProgress: (payload: Events[E]) => void,
  request: () => Promise<T>,
  settle: (answer: T) => void,
): Promise<void> {
  const isCurrent = () => store.get().runId === runId;
  const off = subscribe(event, (p) => {
    if (p.runId === runId && isCurrent()) onProgress(p);
  });
  try {
    const answer = await request();
    if (isCurrent()) settle(answer);
  } finally {
    off();
    if (isCurrent()) store.set({ running: false, cancelling: false });
  }
}

/** Asks the engine to stop the current run; the run's own answer then ends it. */
export async function cancelRun(
  store: RunStore,
  method: 'conformance:cancel' | 'load:cancel',
): Promise<void> {
  const { runId, running } = store.get();
  if (!runId || !running) return;
  store.set({ cancelling: true });
  const r = await call(method, { runId });
  if (!r.ok) store.set({ error: r.error, cancelling: false });
}
