// Fault injection for one console request: clock skew, wrong secret, tampered body, dropped
// x-service-* headers, header case, protocol version, replay — the CLI's fault options.

import { useState } from 'react';
import { useConsoleStore } from '../../store/console/action.ts';
import { useShallow } from 'zustand/react/shallow';
import { useLocalStore } from '../../store/local/action.ts';
import { skewWindowAt, skewWindowOf } from '../../store/local/selectors.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { SIGNING_HEADERS } from '../../store/console/initialState.ts';
import { activeFaultCount } from '../../store/console/selectors.ts';
import type { FaultsDto } from '../../../../shared/index.ts';

export function FaultControls() {
  const faults = useConsoleStore((s) => s.faults);
  const set = useConsoleStore((s) => s.setFaults);
  const active = activeFaultCount(faults);
  const skew = faults.skewOffsetSeconds ?? 0;
  const dropped = new Set(faults.dropHeaders ?? []);
  // Open while faults are set, and stays as the user left it: clearing the faults must not fold it.
  const [open, setOpen] = useState(active > 0);
  const targetWindow = useTargetWindow();

  function toggleHeader(name: string, on: boolean) {
    const next = new Set(dropped);
    if (on) next.add(name);
    else next.delete(name);
    set({ dropHeaders: [...next] });
  }

  return (
    <details
      className="card faults"
      data-testid="fault-controls"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        Fault injection{' '}
        <span className={active ? 'badge badge--warn' : 'badge badge--muted'} data-testid="fault-count">
          {active ? `${active} active` : 'none'}
        </span>
      </summary>
      <div className="form__grid">
        <label htmlFor="fault-skew">Clock skew</label>
        <div className="row">
          <input
            id="fault-skew"
            type="range"
            min={-600}
            max={600}
            step={1}
            value={skew}
            data-testid="fault-skew"
            onChange={(e) => set({ skewOffsetSeconds: Number(e.target.value) })}
            aria-valuetext={`${skew} seconds`}
          />
          <input
            type="number"
            className="num"
            min={-600}
            max={600}
            value={skew}
            aria-label="Clock skew in seconds"
            data-testid="fault-skew-number"
            onChange={(e) => set({ skewOffsetSeconds: clamp(Number(e.target.value)) })}
          />
          <span className="muted small">
            s{' '}
            {Math.abs(skew) > (targetWindow ?? 300)
              ? targetWindow === null
                ? '(outside the protocol default ±300 s window)'
                : `(outside this connector's ±${targetWindow} s window)`
              : ''}
          </span>
        </div>

        <span className="field-label">Signature</span>
        <div className="checks">
          <Check
            label="Wrong secret"
            testId="fault-wrong-secret"
            checked={!!faults.wrongSecret}
            onChange={(v) => set({ wrongSecret: v })}
          />
          <Check
            label="Tamper body after signing"
            testId="fault-tamper-body"
            checked={!!faults.tamperBody}
            onChange={(v) => set({ tamperBody: v })}
          />
          <Check
            label="Replay (send twice)"
            testId="fault-replay"
            checked={!!faults.replay}
            onChange={(v) => set({ replay: v })}
          />
        </div>

        <span className="field-label">Drop headers</span>
        <div className="checks">
          {SIGNING_HEADERS.map((h) => (
            <Check
              key={h}
              label={h}
              mono
              testId={`fault-drop-${h}`}
              checked={dropped.has(h)}
              onChange={(v) => toggleHeader(h, v)}
            />
          ))}
        </div>

        <label htmlFor="fault-case">Header case</label>
        <select
          id="fault-case"
          data-testid="fault-header-case"
          value={faults.headerCase ?? ''}
          onChange={(e) => set({ headerCase: (e.target.value || undefined) as FaultsDto['headerCase'] })}
        >
          <option value="">as usual (lower case)</option>
          <option value="upper">UPPER</option>
          <option value="lower">lower</option>
          <option value="mixed">Mixed-Case</option>
        </select>

        <label htmlFor="fault-version">Protocol version</label>
        <input
          id="fault-version"
          className="mono num-wide"
          data-testid="fault-protocol-version"
          value={faults.protocolVersion ?? ''}
          placeholder="1"
          onChange={(e) => set({ protocolVersion: e.target.value || undefined })}
        />
      </div>
      {active > 0 && (
        <button
          type="button"
          className="btn btn--small"
          data-testid="fault-reset"
          onClick={() => useConsoleStore.getState().resetFaults()}
        >
          Clear faults
        </button>
      )}
    </details>
  );
}

/**
 * The accepted clock difference of the Console's target when the testbench knows it: a local
 * connector's own, or that of the local connector a connection was registered from (it follows it).
 */
function useTargetWindow(): number | null {
  const target = useConsoleStore(
    useShallow((s) => ({ kind: s.targetKind, localId: s.localId, connectionId: s.connectionId })),
  );
  const url = useConnectionsStore((s) =>
    target.kind === 'connection'
      ? (s.items.find((c) => c.id === target.connectionId)?.webhook_url ?? null)
      : null,
  );
  return useLocalStore((s) => {
    if (target.kind === 'local') return skewWindowOf(s.items.find((l) => l.id === target.localId) ?? null);
    return target.kind === 'connection' ? skewWindowAt(s.items, url) : null;
  });
}

function Check({
  label,
  checked,
  onChange,
  testId,
  mono,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
  mono?: boolean;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className={mono ? 'mono' : undefined}>{label}</span>
    </label>
  );
}

const clamp = (n: number) => (Number.isFinite(n) ? Math.max(-600, Math.min(600, Math.round(n))) : 0);
