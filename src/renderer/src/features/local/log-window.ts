// Which rows of a fixed-row-height list are on screen: the windowing of the live request log,
// kept pure so its edges (top, bottom, a list shorter than the view) are unit-tested.

export interface RowWindow {
  start: number;
  end: number;
}

/** Rows [start, end) to render for a scroll position, with a few rows of overscan each side. */
export function visibleWindow(
  count: number,
  scrollTop: number,
  rowPx: number,
  viewPx: number,
  overscan = 4,
): RowWindow {
  const first = Math.floor(Math.max(0, scrollTop) / rowPx);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + Math.ceil(viewPx / rowPx) + overscan);
  return { start, end: Math.max(start, end) };
}
