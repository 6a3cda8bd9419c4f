// A body in three views: pretty JSON, raw as sent, hex. The raw bytes matter: a signature covers
// them exactly, so a re-serialized body shows up here.

import { useMemo } from 'react';
import { useInspectorStore } from '../../store/inspector/action.ts';
import type { BodyView } from '../../store/inspector/initialState.ts';
import { bodyViews } from '../../store/inspector/selectors.ts';
import { formatBytes, hexDump } from '../../lib/bytes.ts';

const VIEWS: Array<{ id: BodyView; label: string }> = [
  { id: 'pretty', label: 'Pretty' },
  { id: 'raw', label: 'Raw' },
  { id: 'hex', label: 'Hex' },
];

export function BodyTabs({ which, b64 }: { which: 'request' | 'response'; b64: string | null }) {
  const view = useInspectorStore((s) => (which === 'request' ? s.requestView : s.responseView));
  const body = useMemo(() => bodyViews(b64), [b64]);
  const effective = view === 'pretty' && body.pretty === null ? 'raw' : view;
  const content =
    effective === 'pretty' ? body.pretty! : effective === 'raw' ? body.text : hexDump(body.bytes);
  const id = `${which}-body`;
  return (
    <div className="body-tabs" data-testid={id}>
      <div className="tabs" role="tablist" aria-label={`${which} body view`}>
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            role="tab"
            id={`${id}-tab-${v.id}`}
            aria-selected={effective === v.id}
            aria-controls={`${id}-panel`}
            className="tabs__tab"
            data-testid={`${id}-tab-${v.id}`}
            disabled={v.id === 'pretty' && body.pretty === null}
            title={v.id === 'pretty' && body.pretty === null ? 'Not JSON' : undefined}
            onClick={() => useInspectorStore.getState().setView(which, v.id)}
          >
            {v.label}
          </button>
        ))}
        <span className="tabs__meta muted small">{formatBytes(body.bytes.length)}</span>
      </div>
      <pre
        className="code"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${effective}`}
        data-testid={`${id}-content`}
        tabIndex={0}
      >
        {body.bytes.length === 0 ? <span className="muted">(empty body)</span> : content}
      </pre>
    </div>
  );
}
