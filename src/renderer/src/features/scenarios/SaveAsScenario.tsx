// "Save as scenario" on a Console answer or a History exchange: its request, faults and actual answer
// become a new file of the open collection, which then opens in the Scenarios editor.

import { useState } from 'react';
import type { ApiError } from '../../../../shared/index.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useScenariosStore } from '../../store/scenarios/action.ts';
import { useUiStore } from '../../store/ui/action.ts';

export function SaveAsScenario({ exchangeId }: { exchangeId: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  return (
    <div className="row">
      <button
        type="button"
        className="btn btn--small"
        data-testid="save-as-scenario"
        disabled={busy}
        title="Write this request, its faults and its answer as a new file of the open scenario collection"
        onClick={async () => {
          setBusy(true);
          const name = await useScenariosStore.getState().saveFromExchange(exchangeId);
          setBusy(false);
          if (name) useUiStore.getState().navigate({ name: 'scenarios' });
          else setError(useScenariosStore.getState().saveFromError);
        }}
      >
        Save as scenario
      </button>
      <ErrorNote error={error} testId="save-as-scenario-error" prefix="Not saved as a scenario" />
    </div>
  );
}
