// Load beyond one machine: `ctb load --export k6|artillery` writes a script that reproduces the run
// (request, shape, thresholds) and signs every request itself, reading CTB_URL and CTB_SECRET at run time.

import { artilleryScript } from './artillery.ts';
import { k6Script } from './k6.ts';
import type { ExportedFile, LoadExportFormat, LoadExportSpec } from './types.ts';

export { LOAD_EXPORT_FORMATS, LoadExportError } from './types.ts';
export type { ExportedFile, LoadExportFormat, LoadExportSpec } from './types.ts';

export function exportLoadScript(format: LoadExportFormat, spec: LoadExportSpec): ExportedFile[] {
  return format === 'k6' ? [k6Script(spec)] : artilleryScript(spec);
}
