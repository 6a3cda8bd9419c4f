// The windowing of the live request log: only the rows on screen (plus overscan) are rendered,
// whatever the log's length, and the window never runs past either end.

import { describe, expect, it } from 'vitest';
import { visibleWindow } from '../../../src/renderer/src/features/local/log-window.ts';

describe('visibleWindow', () => {
  it('renders the first screenful plus overscan at the top of a long log', () => {
    expect(visibleWindow(200, 0, 48, 432, 4)).toEqual({ start: 0, end: 13 });
  });

  it('renders a bounded slice in the middle, whatever the log length', () => {
    const w = visibleWindow(10_000, 48 * 5000, 48, 432, 4);
    expect(w).toEqual({ start: 4996, end: 5013 });
  });

  it('stops at the last row when scrolled to the bottom', () => {
    expect(visibleWindow(200, 48 * 200, 48, 432, 4).end).toBe(200);
  });

  it('renders every row of a log shorter than the view', () => {
    expect(visibleWindow(3, 0, 48, 432)).toEqual({ start: 0, end: 3 });
  });
});
