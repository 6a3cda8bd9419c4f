// A secret rotation left open on a connection: during the grace period the platform still signs with
// the previous secret, so the connector keeps working until it has the new one.

import type { ConnectionRotationDto } from '../../../../shared/index.ts';

export function RotationNote({ rotation: r }: { rotation: ConnectionRotationDto | undefined }) {
  if (!r) return null;
  const inGrace = r.state === 'grace';
  return (
    <div
      className="note note--warn"
      data-testid="connection-rotation"
      data-state={inGrace ? 'grace' : 'switched'}
    >
      <strong>Secret rotation{inGrace ? ': grace period' : ''}.</strong>{' '}
      {inGrace ? (
        <>
          The platform still signs with the previous secret <code>{r.previous_fingerprint}</code> until{' '}
          <span data-testid="connection-grace-ends">
            {r.grace_ends_at ? new Date(r.grace_ends_at).toLocaleString() : 'the grace ends'}
          </span>
          , then with the new one <code>{r.current_fingerprint}</code>: give the connector both (new first)
          before then.
        </>
      ) : (
        <>
          The platform signs with the new secret <code>{r.current_fingerprint}</code>; the previous one{' '}
          <code>{r.previous_fingerprint}</code> is remembered until the rotation is finished (
          <code>ctb rotate finish</code> or the Rotation screen).
        </>
      )}
    </div>
  );
}
