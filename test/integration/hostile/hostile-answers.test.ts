// Answers that are well-formed JSON but hostile in size: a tool list of 200,000 malformed entries
// and an error envelope with a 4 MB message. Every route answers bounded text, never a 500.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUT_MARKER } from '../../../src/client/index.ts';
import { MAX_WARNINGS } from '../../../src/platform/tool-list.ts';
import { startApi } from '../api/helpers.ts';
import type { TestApi } from '../api/helpers.ts';
import { startFixedAnswer } from './servers.ts';
import type { FixedAnswerServer } from './servers.ts';

const BASE = '/api/v1/org/sdk-connections';

describe('connectors answering huge but well-formed JSON', () => {
  let t: TestApi;
  let connector: FixedAnswerServer;

  beforeAll(async () => {
    t = await startApi();
    connector = await startFixedAnswer();
  });
  afterAll(async () => {
    await connector?.close();
    await t?.close();
  });

  async function connection(name: string): Promise<string> {
    const created = await t.call('POST', BASE, {
      token: t.tokens.owner,
      body: { name, webhook_url: connector.url, enabled: true, timeout_ms: 10_000 },
    });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }

  it('syncs a list of 200,000 malformed tools with a capped list of warnings', async () => {
    connector.answer = `{"type":"capabilities","protocol_version":"1","tools":[${Array(200_000).fill('{}').join(',')}]}`;
    const id = await connection('million-tools');
    const synced = await t.call('POST', `${BASE}/${id}/sync-tools`, { token: t.tokens.owner, body: {} });
    expect(synced.status, synced.text.slice(0, 200)).toBe(200);
    expect(synced.json.tools).toEqual([]);
    expect(synced.json.warnings).toHaveLength(MAX_WARNINGS + 1);
    expect(synced.json.warnings.at(-1)).toMatch(/199950 more warning/);
    expect(synced.text.length).toBeLessThan(20_000);
  }, 30_000);

  it('cuts a 4 MB error message and a 1,000-character error code, in the answer and in History', async () => {
    connector.answer = JSON.stringify({
      type: 'error',
      code: 'c'.repeat(1000),
      message: 'm'.repeat(4_000_000),
    });
    const id = await connection('huge-error');
    const tested = await t.call('POST', `${BASE}/${id}/test`, { token: t.tokens.owner });
    expect(tested.status).toBe(200);
    expect(tested.json.error.code.length).toBeLessThanOrEqual(100 + CUT_MARKER.length);
    expect(tested.json.error.code.endsWith(CUT_MARKER)).toBe(true);
    expect(tested.json.error.message.length).toBeLessThan(3000);
    expect(tested.text.length).toBeLessThan(10_000);
    await t.engine.platform.manager.drainHistory();
    const recorded = t.engine.history.get(tested.json.exchange_ids.at(-1))!;
    expect(recorded.verdict).toBe(tested.json.error.code);
    expect(recorded.errorMessage!.length).toBeLessThan(3000);
    // The answer itself is kept whole (it is under the 5 MiB cut-off), only its reading is bounded.
    expect(recorded.responseBody!.length).toBe(Buffer.byteLength(connector.answer));
  }, 30_000);
});
