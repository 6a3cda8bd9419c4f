// ctb ping|tools|invoke against connectors whose answers are hostile in size or depth: the terminal
// view stays bounded with a cut marker, a deep answer is named answer_too_deep, nothing crashes.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUT_MARKER } from '../../../src/client/index.ts';
import { runCtb } from './run-ctb.ts';
import { startFixedAnswer } from '../hostile/servers.ts';
import type { FixedAnswerServer } from '../hostile/servers.ts';

let connector: FixedAnswerServer;

beforeAll(async () => {
  connector = await startFixedAnswer();
});
afterAll(() => connector?.close());

const ctb = (...args: string[]) => runCtb([...args, '--url', connector.url, '--secret', 'whsec_hostile_cli']);

describe('ctb against hostile answers', () => {
  it('summarises 200,000 tools in a bounded list instead of overflowing the stack', async () => {
    const tools = Array.from({ length: 200_000 }, (_, i) => `{"name":"t${i}"}`).join(',');
    connector.answer = `{"type":"capabilities","protocol_version":"1","tools":[${tools}]}`;
    const run = await ctb('tools');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('…and 199800 more (--json lists them all)');
    expect(run.stdout.split('\n').length).toBeLessThan(500);
  }, 30_000);

  it('names an answer nested 10,000 levels deep answer_too_deep', async () => {
    connector.answer = `{"type":"result","output":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`;
    const run = await ctb('invoke', '--tool', 't', '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).outcome.kind).toBe('answer_too_deep');
  });

  it('cuts a 2 MB answer on the terminal with the marker, and --json still holds all of it', async () => {
    connector.answer = JSON.stringify({
      type: 'result',
      output: { rows: Array(40_000).fill({ sku: 'SKU-1', qty: 1 }) },
    });
    const shown = await ctb('invoke', '--tool', 't');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(
      `${CUT_MARKER} (${connector.answer.length} bytes in all; --json prints the whole answer)`,
    );
    expect(shown.stdout.length).toBeLessThan(200_000);
    const whole = await ctb('invoke', '--tool', 't', '--json');
    expect(JSON.parse(whole.stdout).response.body).toBe(connector.answer);
  }, 30_000);

  it('reports a scenario step whose answer nests 10,000 levels with the code answer_too_deep', async () => {
    connector.answer = `{"type":"result","output":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`;
    const dir = mkdtempSync(join(tmpdir(), 'ctb-hostile-run-'));
    try {
      const file = join(dir, 'deep.yaml');
      writeFileSync(
        file,
        'name: deep\nrequest: { type: tool.invoke, tool: t }\nexpect: { status: 200, type: result }\n',
      );
      const run = await ctb('run', file, '--reporter', 'json');
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as { results: Array<{ code: string | null }> };
      expect(report.results[0].code).toBe('answer_too_deep');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
