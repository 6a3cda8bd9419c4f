// The plaintext signing secret, shown once after create or rotate: the engine never returns it
// again, so the panel says so and stays until the person confirms they stored it.

import { useConnectionsStore } from '../../store/connections/action.ts';
import { CopyButton } from '../../components/common.tsx';

export function SecretReveal() {
  const revealed = useConnectionsStore((s) => s.revealed);
  if (!revealed) return null;
  return (
    <div className="reveal" role="status" data-testid="secret-reveal">
      <div className="reveal__title">
        {revealed.reason === 'created' ? 'Signing secret of' : 'New signing secret of'} “
        {revealed.connectionName}”
      </div>
      <div className="reveal__row">
        <code className="reveal__secret" data-testid="secret-value">
          {revealed.secret}
        </code>
        <CopyButton text={revealed.secret} testId="secret-copy" />
      </div>
      <p className="reveal__warn">
        You will not see this secret again. Configure your connector with it now
        {revealed.reason === 'rotated'
          ? ' and restart it: requests signed with the old secret now fail.'
          : '.'}
      </p>
      <button
        type="button"
        className="btn"
        data-testid="secret-dismiss"
        onClick={() => useConnectionsStore.getState().dismissSecret()}
      >
        I have stored it
      </button>
    </div>
  );
}
