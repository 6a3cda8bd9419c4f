// The app's Scenarios use-case through the bridge against a real engine and its running Demo catalog
// local connector: a temp collection listed, edited, checked, run, recorded in History, watched, saved.

import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DATABASE_FILE, scenarioRecorder } from '../../../src/engine/index.ts';
import { History } from '../../../src/store/history.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { parseScenario, runCollection } from '../../../src/scenarios/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { createHandlers } from '../../../src/bridge/handlers.ts';
import { createDispatch } from '../../../src/bridge/dispatch.ts';
import { EventHub } from '../../../src/engine/event-hub.ts';
import type { PushedEvent } from '../../../src/engine/event-hub.ts';
import type {
  ApiError,
  InputOf,
  MethodName,
  OutputOf,
  ScenarioRunDto,
  TargetDto,
} from '../../../src/shared/index.ts';

let engine: Engine;
let hub: EventHub;
let call: <M extends MethodName>(
  method: M,
  input?: InputOf<M>,
) => Promise<{ ok: boolean; data: OutputOf<M>; error?: ApiError }>;
let folder = '';
let target: TargetDto;
const root = mkdtempSync(join(tmpdir(), 'ctb-app-scenarios-'));

beforeAll(async () => {
  folder = join(root, 'collection');
  cpSync('examples/scenarios/demo-catalog', folder, { recursive: true });
  // The shipped ping bounds its duration; a test on a shared machine must not hang on the wall clock.
  writeFileSync(
    join(folder, '01-ping.yaml'),
    'name: ping answers pong\nrequest: { type: ping }\nexpect: { status: 200, type: pong }\n',
  );
  engine = await createEngine({ dataDir: join(root, 'data'), ssrfMode: 'dev' });
  hub = new EventHub();
  const dispatch = createDispatch(
    createHandlers({ engine, hub, info: { version: 'test', mode: 'browser' } }),
  );
  call = async (method, input) => JSON.parse(JSON.stringify(await dispatch(method, input)));
  const demo = (await call('local:list')).data.find((c: { name: string }) => c.name === 'Demo catalog')!;
  expect((await call('local:start', { id: demo.id })).ok).toBe(true);
  target = { kind: 'local', id: demo.id };
}, 30_000);

afterAll(async () => {
  await engine?.close();
  rmSync(root, { recursive: true, force: true });
});

async function run(input: Record<string, unknown>): Promise<ScenarioRunDto> {
  const r = await call('scenarios:run', { folder, target, ...input });
  expect(r.error).toBeUndefined();
  return r.data as ScenarioRunDto;
}

describe('scenarios in the app', () => {
  it('lists the collection files by relative name', async () => {
    const r = await call('scenarios:list', { folder });
    expect(r.data.files.map((f: { name: string }) => f.name)).toContain('01-ping.yaml');
    expect(r.data.files).toHaveLength(17);
  });

  it('runs the whole shipped collection against the Demo catalog and every step passes', async () => {
    const steps: unknown[] = [];
    const off = hub.subscribe((e: PushedEvent) => e.event === 'scenarios:step' && steps.push(e.payload));
    const report = await run({ runId: 'all-pass' });
    off();
    expect(report.failed).toBe(0);
    expect(report.passed).toBe(report.steps);
    expect(steps).toHaveLength(report.steps);
    expect(JSON.stringify(report)).not.toContain('whsec_');
  });

  it('keeps every exchange of a run in History under the run label', async () => {
    const report = await run({ runId: 'labelled', files: ['01-ping.yaml', '22-fault-wrong-secret.yaml'] });
    expect(report.label).toBe('scenario-run:labelled');
    const ids = report.results.map((r) => r.exchangeId);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    const page = (await call('history:page', { filter: { id: 'scenario-run:labelled' } })).data;
    expect(page.items.map((i: { id: number }) => i.id).sort()).toEqual([...ids].sort());
    const wrong = (await call('history:get', { id: ids[1]! })).data;
    expect(wrong.faults).toContain('signed with a wrong secret');
    expect(wrong.requestType).toBe('tool.invoke');
    // The case passed by being refused: History keeps what the connector answered, and says the
    // expectation held, instead of a red "ok" on a 401.
    expect(report.results[1].passed).toBe(true);
    expect(wrong).toMatchObject({ verdict: 'invalid_signature', responseStatus: 401 });
    expect(wrong.errorMessage).toMatch(/expectation met/);
    expect((await call('history:get', { id: ids[0]! })).data.verdict).toBe('ok');
  });

  it('reports expected against actual and the diagnosis when a file expects the wrong thing', async () => {
    const text = readFileSync(join(folder, '22-fault-wrong-secret.yaml'), 'utf8').replace(
      'status: 401',
      'status: 200',
    );
    const saved = await call('scenarios:write', { folder, file: '22-fault-wrong-secret.yaml', text });
    expect(saved.data.problem).toBeNull();
    const report = await run({ files: ['22-fault-wrong-secret.yaml'] });
    expect(report.failed).toBe(1);
    const step = report.results[0];
    expect(step.mismatches).toContainEqual({ field: 'status', expected: 200, actual: 401 });
    expect(step.diagnosis?.failedCheck).toBe('signature_mismatch');
  });

  it('saves a broken YAML file but names its line from the engine parser', async () => {
    const r = await call('scenarios:write', {
      folder,
      file: 'broken.yaml',
      text: 'name: broken\nrequest:\n  type: pong\n',
    });
    expect(r.data.problem?.line).toBe(3);
    expect(r.data.problem?.message).toMatch(/request\.type: expected one of/);
    const refused = await call('scenarios:run', { folder, target, files: ['broken.yaml'] });
    expect(refused.error?.code).toBe('invalid_scenario');
    expect(refused.error?.message).toContain('broken.yaml:3');
  });

  it('refuses file names that leave the folder, odd extensions and links outside', async () => {
    for (const file of ['../escape.yaml', '/etc/passwd.yaml', 'notes.txt', 'a/../../b.yaml']) {
      const r = await call('scenarios:write', { folder, file, text: 'name: x' });
      expect(r.error?.code).toBe('validation_error');
    }
    writeFileSync(join(root, 'outside.yaml'), 'name: outside\nrequest: { type: ping }\n');
    symlinkSync(join(root, 'outside.yaml'), join(folder, 'link.yaml'));
    const r = await call('scenarios:read', { folder, file: 'link.yaml' });
    expect(r.error?.code).toBe('validation_error');
    rmSync(join(folder, 'link.yaml'));
    const big = await call('scenarios:write', { folder, file: 'big.yaml', text: 'x'.repeat(300_000) });
    expect(big.error?.code).toBe('validation_error');
  });

  it('saves an exchange as a new scenario whose expectation is its actual answer, and it passes', async () => {
    const sent = await call('console:send', {
      target,
      type: 'tool.invoke',
      tool: 'getProduct',
      parameters: { sku: 'SKU-1001' },
      faults: { wrongSecret: true },
    });
    const saved = await call('scenarios:save-from-exchange', { folder, exchangeId: sent.data.id });
    const { text, problem } = (await call('scenarios:read', { folder, file: saved.data.name })).data;
    expect(problem).toBeNull();
    expect(text).toContain('wrong-secret: true');
    expect(text).toContain('code: invalid_signature');
    const report = await run({ files: [saved.data.name] });
    expect(report.failed).toBe(0);
  });

  it('tells the UI when a file of the watched folder changes on disk', async () => {
    await call('scenarios:watch', { folder });
    const changed = new Promise<unknown>((resolve) =>
      hub.subscribe((e) => e.event === 'scenarios:changed' && resolve(e.payload)),
    );
    writeFileSync(join(folder, '01-ping.yaml'), 'name: ping\nrequest: { type: ping }\n');
    expect(await changed).toMatchObject({ file: '01-ping.yaml' });
  });

  it('labels the exchanges `ctb run --data-dir` records with its run, as the app does', async () => {
    const id = (target as { id: string }).id;
    const definition = engine.host.get(id).definition;
    const url = engine.host.status(id).url!;
    const dataDir = join(root, 'cli-data');
    const recorder = scenarioRecorder(dataDir, 'cli-run');
    const ping = parseScenario('name: ping\nrequest: { type: ping }\nexpect: { type: pong }\n', 'ping.yaml');
    const report = await runCollection(
      [ping],
      { url, secret: definition.signingSecret },
      { record: recorder.record },
    );
    await recorder.close();
    expect(report.failed).toBe(0);
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    const rows = new History(db).page({ id: 'scenario-run:cli-run' }).items;
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0].requestType).toBe('ping');
  });
});
