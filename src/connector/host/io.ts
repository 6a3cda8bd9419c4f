// Connector definitions as JSON files: import (with errors that say where the JSON breaks) and
// export, which leaves the signing secret out unless asked, so a shared file never leaks it.

import { readFileSync, writeFileSync } from 'node:fs';
import type { ConnectorDefinition } from './definition.ts';
import { HostError } from './errors.ts';

export interface ExportOptions {
  /** Keep signingSecret in the export (default false: an import then generates a new one). */
  includeSecret?: boolean;
}

export function exportDefinition(
  definition: ConnectorDefinition,
  options: ExportOptions = {},
): Record<string, unknown> {
  const copy: Record<string, unknown> = structuredClone(definition) as unknown as Record<string, unknown>;
  if (!options.includeSecret) {
    delete copy.signingSecret;
    delete copy.previousSigningSecrets;
  }
  return copy;
}

export function parseDefinitionJson(text: string, source = 'the definition'): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    throw new HostError('invalid_json', `${source} is not valid JSON: ${(err as Error).message}`, { source });
  }
}

export function readDefinitionFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new HostError(
      'io_error',
      `cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`,
      { file, cause: e.code ?? null },
    );
  }
  return parseDefinitionJson(text, file);
}

export function writeDefinitionFile(file: string, value: Record<string, unknown>): void {
  try {
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new HostError('io_error', `cannot write ${file}: ${e.message}`, { file, cause: e.code ?? null });
  }
}
