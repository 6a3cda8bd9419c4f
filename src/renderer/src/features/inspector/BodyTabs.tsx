// A body in three views: pretty JSON, raw as sent, hex. The raw bytes matter: a signature covers
// them exactly, so a re-serialized body shows up here, and a byte changed by a fault is marked.

import { useMemo } from 'react';
import { useInspectorStore } from '../../store/inspector/action.ts';
import type { BodyView } from '../../store/inspector/initialState.ts';
import { bodyViews } from '../../store/inspector/selectors.ts';
import { formatBytes, hexDump } from '../../lib/bytes.ts';
import { charIndexOfByte, hexPosition } from './injected-fault.ts';

const VIEWS: Array<{ id: BodyView; label: string }> = [
  { id: 'pretty', label: 'Pretty' },
  { id: 'raw', label: 'Raw' },
  { id: 'hex', label: 'Hex' },
];

export function BodyTabs({
  which,
  b64,
  mark = null,
}: {
  which: 'request' | 'response';
  b64: string | null;
  /** A byte to mark (one a fault changed); the pretty view re-serializes, so it shows raw instead. */
  mark?: number | null;
}) {
  const view = useInspectorStore((s) => (which === 'request' ? s.requestView : s.responseView));
  const body = useMemo(() => bodyViews(b64), [b64]);
  const marked = mark !== null && mark < body.bytes.length ? mark : null;
  const effective = view === 'pretty' && (body.pretty === null || marked !== null) ? 'raw' : view;
  const id = `${which}-body`;
  const content =
    effective === 'pretty' ? (
      body.pretty!
    ) : effective === 'raw' ? (
      marked === null ? (
        body.text
      ) : (
        <MarkedText text={body.text} at={charIndexOfByte(body.bytes, marked)} testId={`${id}-mark`} />
      )
    ) : marked === null ? (
      hexDump(body.bytes)
    ) : (
      <MarkedHex dump={hexDump(body.bytes)} byteIndex={marked} testId={`${id}-mark`} />
    );
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

function MarkedText({ text, at, testId }: { text: string; at: number; testId: string }) {
  return (
    <>
      {text.slice(0, at)}
      <mark data-testid={testId} title="changed after signing">
        {text.slice(at, at + 1)}
      </mark>
      {text.slice(at + 1)}
    </>
  );
}

function MarkedHex({ dump, byteIndex, testId }: { dump: string; byteIndex: number; testId: string }) {
  const lines = dump.split('\n');
  const p = hexPosition(byteIndex);
  const line = lines[p.line];
  if (line === undefined) return <>{dump}</>;
  const before = lines.slice(0, p.line).join('\n');
  const after = lines.slice(p.line + 1).join('\n');
  return (
    <>
      {before}
      {before ? '\n' : ''}
      {line.slice(0, p.hex[0])}
      <mark data-testid={testId} title="changed after signing">
        {line.slice(p.hex[0], p.hex[1])}
      </mark>
      {line.slice(p.hex[1], p.ascii)}
      <mark data-testid={`${testId}-ascii`}>{line.slice(p.ascii, p.ascii + 1)}</mark>
      {line.slice(p.ascii + 1)}
      {after ? '\n' : ''}
      {after}
    </>
  );
}
