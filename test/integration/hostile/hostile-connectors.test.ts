// A connector that hangs, floods, resets, redirects, rate-limits, nests JSON 10,000 deep, answers
// HTML or drips bytes must never make the testbench answer 500: a coded error and a History row.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src/bridge/handlers.ts';
import type { Handlers } from '../../../src/shared/index.ts';
import { startApi } from '../api/helpers.ts';
import type { TestApi } from '../api/helpers.ts';
import { startHostile } from './servers.ts';
import type { Hostility, HostileServer } from './servers.ts';

const BASE = '/api/v1/org/sdk-connections';

/** The code each misbehaviour must be named by (Sync Tools reports it inside connector_error). */
const EXPECTED: Record<Hostility, string> = {
  hang: 'timeout',
  huge: 'response_too_large',
  reset: 'connection_reset',
  redirect: 'redirect_refused',
  'rate-limit': 'http_429',
  'deep-json': 'answer_too_deep',
  'not-json': 'invalid_response',
  drip: 'timeout',
};

describe('hostile connectors', () => {
  let t: TestApi;
  let h: Handlers;
  let workspaceId: string;
  const servers: HostileServer[] = [];

  beforeAll(async () => {
    t = await startApi();
    h = createHandlers({ engine: t.engine, info: { version: 'test', mode: 'browser' } });
    workspaceId = t.engine.platform.workspaces.list()[0].id;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await t?.close();
  });

  /** A connection to a fresh server, synced while friendly so it has a business tool to test. */
  async function connectionTo(
    name: string,
    timeoutMs: number,
  ): Promise<{ server: HostileServer; id: string; toolId: string }> {
    const server = await startHostile();
    servers.push(server);
    const created = await t.call('POST', BASE, {
      token: t.tokens.owner,
      body: {
        name,
        webhook_url: server.url,
        workspace_id: workspaceId,
        timeout_ms: timeoutMs,
        enabled: true,
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const sync = await t.call('POST', `${BASE}/${id}/sync-tools`, { token: t.tokens.owner, body: {} });
    expect(sync.status).toBe(200);
    const toolId = sync.json.tools[0].business_tool_id as string;
    return { server, id, toolId };
  }

  const recorded = (ids: number[]) => ids.map((id) => t.engine.history.get(id)?.verdict);

  for (const mode of Object.keys(EXPECTED) as Hostility[]) {
    it(`names a connector that misbehaves as "${mode}" by ${EXPECTED[mode]} everywhere, never a 500`, async () => {
      // Short timeouts keep the suite fast where waiting is the failure (hang, drip); the others
      // get time to answer whole on a busy machine, so their own misbehaviour is what fails.
      const timeoutMs = mode === 'hang' || mode === 'drip' ? 300 : 5_000;
      const { server, id, toolId } = await connectionTo(`hostile-${mode}`, timeoutMs);
      const code = EXPECTED[mode];
      server.mode = mode;

      const tested = await t.call('POST', `${BASE}/${id}/test`, { token: t.tokens.owner });
      expect(tested.status).toBe(200);
      expect(tested.json.error?.code).toBe(code);
      await t.engine.platform.manager.drainHistory();
      expect(t.engine.history.get(tested.json.exchange_ids.at(-1))?.verdict).toBe(code);

      const synced = await t.call('POST', `${BASE}/${id}/sync-tools`, { token: t.tokens.owner, body: {} });
      expect(synced.status).toBe(502);
      expect(synced.json.error).toBe('connector_error');
      expect(synced.json.details.code).toBe(code);
      expect(recorded(synced.json.details.exchange_ids).at(-1)).toBe(code);

      const invoked = await t.call('POST', `/api/v1/tools/${toolId}/test`, {
        token: t.tokens.member,
        body: { arguments: {} },
      });
      expect(invoked.status).toBe(200);
      expect(invoked.json.ok).toBe(false);
      expect(invoked.json.error.code).toBe(code);
      expect(recorded(invoked.json.exchange_ids)).toEqual([code]);

      const sent = await h['console:send']({
        target: { kind: 'connection', id },
        type: 'tool.invoke',
        tool: 'lookup_order',
        parameters: {},
      });
      expect(sent.verdict).toBe(code);
      expect(t.engine.history.get(sent.id)?.verdict).toBe(code);

      const replayed = await h['history:replay']({ id: sent.id, mode: 'as-sent' });
      expect(replayed.id).toBeGreaterThan(sent.id);
      expect(replayed.verdict).toBe(code);
      expect(replayed.errorMessage).toBeTruthy();
    });
  }

  it('saves an exchange whose answer nests 10,000 levels as a scenario expecting its status only', async () => {
    const { server, id } = await connectionTo('hostile-deep-scenario', 5_000);
    server.mode = 'deep-json';
    const sent = await h['console:send']({
      target: { kind: 'connection', id },
      type: 'tool.invoke',
      tool: 'lookup_order',
      parameters: {},
    });
    expect(sent.verdict).toBe('answer_too_deep');
    const folder = mkdtempSync(join(tmpdir(), 'ctb-hostile-scenario-'));
    const saved = await h['scenarios:save-from-exchange']({ folder, exchangeId: sent.id });
    const text = readFileSync(join(folder, saved.name), 'utf8');
    expect(text).toMatch(/expect:\n\s+status: 200\n?$/);
    expect(text).not.toContain('output');
  });
});
