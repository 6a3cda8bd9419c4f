// Where a data folder lives when nobody says: CTB_DATA_DIR, else ~/.connector-testbench. The one
// place that default is decided, so the CLI, browser mode and the desktop shell agree.

import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const DATA_DIR_ENV = 'CTB_DATA_DIR';
export const DATABASE_FILE = 'testbench.sqlite';
export const DOCUMENTS_DIR = 'documents';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[DATA_DIR_ENV]?.trim();
  return fromEnv ? resolve(fromEnv) : join(homedir(), '.connector-testbench');
}
