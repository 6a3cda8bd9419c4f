// What a load export needs to reproduce a `ctb load` run elsewhere: the request, how hard, how long
// and the pass/fail thresholds; the files it produces. Shared by the k6 and Artillery writers.

import type { LoadRequestSpec } from '../types.ts';

export const LOAD_EXPORT_FORMATS = ['k6', 'artillery'] as const;
export type LoadExportFormat = (typeof LOAD_EXPORT_FORMATS)[number];

export interface LoadExportSpec {
  request: LoadRequestSpec;
  /** Concurrent virtual users (k6) / users (Artillery), as `ctb load -c`. */
  connections: number;
  durationMs?: number;
  requests?: number;
  /** Requests per second (open model), as `ctb load --rate`. */
  rate?: number;
  timeoutMs: number;
  /** Threshold expressions in `ctb load --threshold` syntax. */
  thresholds: string[];
  /** Shown in the header of the written files. */
  generator: string;
}

export interface ExportedFile {
  /** File name only: the caller chooses the folder. */
  name: string;
  content: string;
  /** What a user runs, printed after writing (e.g. `k6 run ctb-load.k6.js`). */
  run?: string;
}

/** A threshold or run shape the target tool cannot express: refused rather than silently changed. */
export class LoadExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoadExportError';
  }
}
