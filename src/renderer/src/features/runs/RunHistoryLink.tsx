// Where a finished load or conformance run is in History: how many of its exchanges were kept (a
// sample and its failures, not one row per request) and a link to them by the run's label.

import type { RunHistoryDto } from '../../../../shared/index.ts';
import { useHistoryStore } from '../../store/history/action.ts';
import { useUiStore } from '../../store/ui/action.ts';

export function RunHistoryLink({ history, testId }: { history: RunHistoryDto; testId: string }) {
  return (
    <div className="muted small" data-testid={testId} data-kept={history.kept}>
      History keeps {history.kept} of its exchanges (a sample and the failures) as one run,{' '}
      <code>{history.label}</code>{' '}
      <button
        type="button"
        className="link"
        data-testid={`${testId}-open`}
        onClick={() => {
          // The whole filter is the run: other filters set earlier would hide part of it.
          useHistoryStore.setState({ filter: {} });
          void useHistoryStore.getState().setFilter({ id: history.label });
          useUiStore.getState().navigate({ name: 'history' });
        }}
      >
        Open in History
      </button>
    </div>
  );
}
