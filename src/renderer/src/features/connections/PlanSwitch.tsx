// The organization plan switch: creating a connection is premium-only on the platform, and
// switching to free here shows that gate (402 premium_required) where it bites, on Add Connection.

import { useUiStore } from '../../store/ui/action.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { Segmented } from '../../components/Segmented.tsx';

const PLANS = [
  { value: 'free', label: 'Free plan' },
  { value: 'premium', label: 'Premium plan' },
] as const;

export function PlanSwitch() {
  const org = useUiStore((s) => s.org);
  const saving = useUiStore((s) => s.planSaving);
  const error = useUiStore((s) => s.planError);
  if (!org) return null;
  return (
    <div className="plan">
      <Segmented
        name="plan"
        ariaLabel="Organization plan"
        testId="plan-switch"
        value={org.plan}
        options={PLANS}
        disabled={saving}
        onChange={(p) => void useUiStore.getState().setPlan(p)}
      />
      <ErrorNote error={error} testId="plan-error" />
    </div>
  );
}
