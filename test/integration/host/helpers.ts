// Shared setup of the host tests: a host on a temp SQLite file, and one signed call through the
// project's signing client, as the platform would make it.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectorHost } from '../../../src/connector/host/index.ts';
import type { ConnectorHostOptions } from '../../../src/connector/host/index.ts';
import { buildRequest, signedCall } from '../../../src/client/index.ts';
import type { Faults, SignedCallResult } from '../../../src/client/index.ts';
import { openDatabase } from '../../../src/store/database.ts';
import type { Db } from '../../../src/store/database.ts';
import { History } from '../../../src/store/history.ts';

export interface TestHost {
  host: ConnectorHost;
  history: History;
  db: Db;
  dir: string;
  close(): Promise<void>;
}

export function makeHost(options: Partial<ConnectorHostOptions> = {}): TestHost {
  const dir = mkdtempSync(join(tmpdir(), 'ctb-host-'));
  const db = openDatabase(join(dir, 'engine.sqlite'));
  const history = new History(db);
  const host = new ConnectorHost({ db, history, ...options });
  return {
    host,
    history,
    db,
    dir,
    async close() {
      await host.stopAll();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function invoke(
  url: string,
  secret: string,
  tool: string,
  parameters: Record<string, unknown> = {},
  faults?: Faults,
): Promise<SignedCallResult> {
  return signedCall({
    url,
    secret,
    body: buildRequest('tool.invoke', { tool, parameters }),
    faults,
    timeoutMs: 10_000,
  });
}

export function header(result: SignedCallResult, name: string): string | undefined {
  return result.response?.headers.find(([n]) => n.toLowerCase() === name)?.[1];
}
