// `ctb load --export k6|artillery --output DIR`: writes the scripts of src/load/export and tells the
// user how to run them; the secret and URL stay out of the files (read from CTB_SECRET / CTB_URL).

import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { exportLoadScript, LoadExportError } from '../../load/export/index.ts';
import type { LoadExportFormat, LoadExportSpec } from '../../load/export/index.ts';
import { UsageError } from '../errors.ts';
import { out } from '../render.ts';

export async function writeLoadExport(
  format: LoadExportFormat,
  folder: string,
  spec: Omit<LoadExportSpec, 'generator'>,
): Promise<void> {
  let files;
  try {
    files = exportLoadScript(format, { ...spec, generator: `ctb load --export ${format}` });
  } catch (error) {
    if (error instanceof LoadExportError) throw new UsageError(error.message);
    throw error;
  }
  const dir = resolve(folder);
  try {
    await mkdir(dir, { recursive: true });
    for (const f of files) await writeFile(join(dir, f.name), f.content);
  } catch (error) {
    throw new UsageError(
      `--output ${folder}: cannot write there (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  for (const f of files) out(`wrote ${join(dir, f.name)}`);
  const run = files.find((f) => f.run)?.run;
  if (run) out(`run it from that folder: ${run}`);
  out(
    'the script reads the endpoint from CTB_URL and the secret from CTB_SECRET at run time; neither is written into it',
  );
}
