// History screen in a real browser: seeds a data folder with N exchanges (default 100,000) and
// another with 1,000, serves each with `ctb serve`, and with Playwright measures time to first
// rows, frame times while scrolling to the end, and filter response times; prints 100k/1k ratios.
// Usage: node bench/history-ui.ts [--rows N]   (run `npx electron-vite build` first)

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServe } from '../test/e2e/fixtures.ts';
import { seedHistory } from '../test/fixtures/seed-history.ts';
import { NO_TARGET_EXIT } from './lib/measure.ts';

const args = process.argv.slice(2);
const rowsArg = args.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(args[rowsArg + 1]) : 100_000;
const BASELINE_ROWS = 1_000;
const SCROLL_FRAMES = 120;

interface Result {
  rows: number;
  seedMs: number;
  firstRowsMs: number;
  frames: { p50: number; p95: number; max: number };
  scrollEndMs: number;
  filterMs: number[];
  filterEngineMs: number[];
}

const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(rows: number): Promise<Result> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ctb-bench-history-ui-'));
  const s0 = performance.now();
  seedHistory(dataDir, rows);
  const seedMs = performance.now() - s0;
  const served = await startServe(['--data-dir', dataDir]);
  const browser = await chromium.launch({
    executablePath: process.env.CTB_CHROMIUM || '/usr/bin/chromium',
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    const t0 = performance.now();
    await page.goto(`${served.url}#/history`);
    await page.getByTestId('history-row').first().waitFor();
    const firstRowsMs = performance.now() - t0;

    // Scroll to the end in SCROLL_FRAMES equal steps, one per animation frame, recording frame gaps.
    const t1 = performance.now();
    const gaps = await page.getByTestId('history-screen-list').evaluate(
      (el, frames) =>
        new Promise<number[]>((resolve) => {
          // The node tsconfig has no DOM library: the browser's frame callback, typed here.
          const raf = (
            globalThis as unknown as { requestAnimationFrame: (cb: (now: number) => void) => void }
          ).requestAnimationFrame;
          const step = (el.scrollHeight - el.clientHeight) / frames;
          const out: number[] = [];
          let last = performance.now();
          let n = 0;
          const tick = (now: number) => {
            out.push(now - last);
            last = now;
            el.scrollTop = Math.round(step * ++n);
            if (n < frames) raf(tick);
            else resolve(out.slice(1));
          };
          raf(tick);
        }),
      SCROLL_FRAMES,
    );
    await page.locator('[data-testid=history-row][data-exchange-id="1"]').waitFor();
    const scrollEndMs = performance.now() - t1;

    const filterMs: number[] = [];
    const filterEngineMs: number[] = [];
    const steps: Array<[string, string]> = [
      ['history-filter-tool', 'getProduct'],
      ['history-filter-verdict', 'invalid_signature'],
      ['history-filter-direction', 'incoming'],
      ['history-filter-clear', ''],
      ['history-filter-responseStatus', '500'],
    ];
    for (const [testId, value] of steps) {
      const before = Number(await page.getByTestId('history-total').getAttribute('data-filter-seq'));
      const t = performance.now();
      if (value) await page.getByTestId(testId).selectOption(value);
      else await page.getByTestId(testId).click();
      // The next filter's count is in and its first rows are drawn (the store then sets a timing).
      await page.waitForFunction((prev) => {
        // The node tsconfig has no DOM library, and the app's CSP refuses string predicates.
        const doc = (
          globalThis as unknown as {
            document: { querySelector: (s: string) => { getAttribute: (n: string) => string | null } | null };
          }
        ).document;
        const el = doc.querySelector('[data-testid=history-total]');
        return (
          !!el &&
          Number(el.getAttribute('data-filter-seq')) > prev &&
          el.getAttribute('data-filter-ms') !== '' &&
          (el.getAttribute('data-total') === '0' || doc.querySelector('[data-testid=history-row]') !== null)
        );
      }, before);
      filterMs.push(performance.now() - t);
      filterEngineMs.push(Number(await page.getByTestId('history-total').getAttribute('data-filter-ms')));
    }
    return {
      rows,
      seedMs,
      firstRowsMs,
      frames: { p50: q(gaps, 0.5), p95: q(gaps, 0.95), max: Math.max(...gaps) },
      scrollEndMs,
      filterMs,
      filterEngineMs,
    };
  } finally {
    await browser.close();
    await served.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const f = (n: number) => `${n.toFixed(1)} ms`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
// A throw-away first run: the first Chromium launch and server start pay for cold disk caches.
await measure(100);
const base = await measure(BASELINE_ROWS);
const big = await measure(ROWS);
for (const r of [base, big]) {
  console.log(`${r.rows.toLocaleString()} exchanges (seeded in ${f(r.seedMs)})`);
  console.log(`  first rows          ${f(r.firstRowsMs)}`);
  console.log(
    `  scroll to end       ${f(r.scrollEndMs)} over ${SCROLL_FRAMES} frames; frame gap p50 ${f(r.frames.p50)}, p95 ${f(r.frames.p95)}, max ${f(r.frames.max)}`,
  );
  console.log(`  filters (UI)        ${r.filterMs.map(f).join(', ')}`);
  console.log(`  filters (to rows)   ${r.filterEngineMs.map(f).join(', ')}`);
}
console.log(`ratios ${ROWS.toLocaleString()} / ${BASELINE_ROWS.toLocaleString()}:`);
console.log(`  first rows ${(big.firstRowsMs / base.firstRowsMs).toFixed(2)}x`);
console.log(`  frame gap p95 ${(big.frames.p95 / base.frames.p95).toFixed(2)}x`);
console.log(`  filter response (mean) ${(mean(big.filterMs) / mean(base.filterMs)).toFixed(2)}x`);
console.log('no target: these ratios are measured for information only');
process.exitCode = NO_TARGET_EXIT;
