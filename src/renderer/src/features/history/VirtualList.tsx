// A windowed list with a fixed row height: only the rows in view (plus an overscan) exist in the
// DOM, so 100,000 exchanges scroll like 100. Rows are placed absolutely inside a full-height spacer.

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export interface VirtualListProps {
  count: number;
  rowHeight: number;
  /** Rows rendered above and below the viewport, so a fast scroll shows rows, not blank space. */
  overscan?: number;
  renderRow: (index: number) => ReactNode;
  /** Told the positions [start, end) on screen (with overscan) whenever they change. */
  onRange?: (start: number, end: number) => void;
  /** When this changes, the list goes back to the top. */
  resetKey?: number;
  /** When `seq` changes, `rows` were inserted above: the scroll offset grows so the view stays put. */
  insertedAbove?: { rows: number; seq: number };
  testId?: string;
  label: string;
}

export function VirtualList({
  count,
  rowHeight,
  overscan = 10,
  renderRow,
  onRange,
  resetKey,
  insertedAbove,
  testId,
  label,
}: VirtualListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const frame = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Runs before paint, right after the spacer grew: the rows the user was reading do not move.
  const lastSeq = useRef(insertedAbove?.seq ?? 0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !insertedAbove || insertedAbove.seq === lastSeq.current) return;
    lastSeq.current = insertedAbove.seq;
    if (el.scrollTop > 0) {
      el.scrollTop += insertedAbove.rows * rowHeight;
      setScrollTop(el.scrollTop);
    }
  }, [insertedAbove, rowHeight]);

  useLayoutEffect(() => {
    if (resetKey === undefined || !ref.current) return;
    ref.current.scrollTop = 0;
    setScrollTop(0);
  }, [resetKey]);

  const onScroll = useCallback(() => {
    // One state update per frame, however many scroll events the wheel sends.
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (ref.current) setScrollTop(ref.current.scrollTop);
    });
  }, []);
  useEffect(() => () => void (frame.current !== null && cancelAnimationFrame(frame.current)), []);

  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  useEffect(() => {
    onRange?.(start, end);
  }, [start, end, onRange]);

  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++)
    rows.push(
      <div
        key={i}
        className="vlist__row"
        role="row"
        aria-rowindex={i + 1}
        style={{ top: i * rowHeight, height: rowHeight }}
      >
        {renderRow(i)}
      </div>,
    );
  return (
    <div
      ref={ref}
      className="vlist"
      onScroll={onScroll}
      data-testid={testId}
      role="grid"
      aria-label={label}
      aria-rowcount={count}
      data-first={start}
      data-last={end}
    >
      <div className="vlist__spacer" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
