// The organization plan switch: creating a connection is premium-only on the platform, and
// switching to free here shows that gate (402 premium_required) where it bites, on Add Connection.

import { useUiStore } from '../../store/ui/action.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';

export function PlanSwitch() {
  const org = useUiStore((s) => s.org);
  const saving = useUiStore((s) => s.planSaving);
  const error = useUiStore((s) => s.planError);
  if (!org) return null;
  return (
    <div className="plan">
      <div className="segmented" role="radiogroup" aria-label="Organization plan" data-testid="plan-switch">
        {(['free', 'premium'] as const).map((p) => (
          <label key={p} className={org.plan === p ? 'segmented__opt segmented__opt--on' : 'segmented__opt'}>
            <input
              type="radio"
              name="plan"
              value={p}
              checked={org.plan === p}
              disabled={saving}
              data-testid={`plan-${p}`}
              onChange={() => void useUiStore.getState().setPlan(p)}
            />
            {p === 'free' ? 'Free plan' : 'Premium plan'}
          </label>
        ))}
      </div>
      <ErrorNote error={error} testId="plan-error" />
    </div>
  );
}
