// The Scenarios store against the real engine in-process: open a collection, edit and save a file
// with the parser's file:line problem, run it against the Demo catalog, save an exchange as a scenario.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useScenariosStore } from '../../../src/renderer/src/store/scenarios/action.ts';
import { initialScenariosState } from '../../../src/renderer/src/store/scenarios/initialState.ts';
import type { TargetDto } from '../../../src/shared/index.ts';
import { call } from '../../../src/renderer/src/api/client.ts';
import { useInProcessEngine } from './engine-transport.ts';
import type { EngineTransport } from './engine-transport.ts';

let env: EngineTransport;
let root = '';
let folder = '';
let target: TargetDto;
let off: () => void;

beforeEach(async () => {
  env = await useInProcessEngine();
  root = mkdtempSync(join(tmpdir(), 'ctb-scenarios-store-'));
  folder = join(root, 'collection');
  cpSync('examples/scenarios/demo-catalog', folder, { recursive: true });
  // The shipped ping bounds its duration; a test on a shared machine must not hang on the wall clock.
  writeFileSync(
    join(folder, '01-ping.yaml'),
    'name: ping answers pong\nrequest: { type: ping }\nexpect: { status: 200, type: pong }\n',
  );
  useScenariosStore.setState(initialScenariosState);
  off = store().listen();
  const demo = env.engine.host.list().find((c) => c.builtin === 'demo-catalog')!;
  await env.engine.host.start(demo.id);
  target = { kind: 'local', id: demo.id };
});

afterEach(async () => {
  off();
  await env.close();
  rmSync(root, { recursive: true, force: true });
});

const store = () => useScenariosStore.getState();

describe('scenarios store', () => {
  it('opens a typed folder, lists its files and shows the first one in the editor', async () => {
    expect(await store().open(folder)).toBe(true);
    expect(store().files.map((f) => f.name)).toContain('22-fault-wrong-secret.yaml');
    expect(store().selected).toBe('01-ping.yaml');
    expect(store().draft).toContain('type: ping');
  });

  it('keeps the folder the person opened when the default folder arrives later', async () => {
    const init = store().init(); // looks up the shipped examples, as the screen does on mount
    store().setFolderInput(folder);
    const opened = store().open();
    await Promise.all([init, opened]);
    expect(store().folder).toBe(folder);
    expect(store().folderInput).toBe(folder);
    expect(store().files).toHaveLength(17);
  });

  it('keeps a folder the user opened while the default one was still being looked up', async () => {
    const starting = store().init();
    expect(await store().open(folder)).toBe(true);
    await starting;
    expect(store().folder).toBe(folder);
    // And when the default's own open is already in flight: the later open wins either way.
    useScenariosStore.setState(initialScenariosState);
    const defaultOpen = store().open('examples/scenarios');
    const mine = store().open(folder);
    await Promise.all([defaultOpen, mine]);
    expect(store().folder).toBe(folder);
    expect(store().files.map((f) => f.name)).toContain('22-fault-wrong-secret.yaml');
  });

  it('says why a folder cannot be opened', async () => {
    expect(await store().open(join(root, 'missing'))).toBe(false);
    expect(store().listError?.code).toBe('not_found');
  });

  it('saves a YAML edit and shows the engine parser problem with its line', async () => {
    await store().open(folder);
    store().setDraft('name: typo\nrequest:\n  type: pong\n');
    expect(await store().save()).toBe(false);
    expect(store().problem?.line).toBe(3);
    expect(store().saved).toBe(store().draft);
  });

  it('runs every file against the Demo catalog and each step passes', async () => {
    await store().open(folder);
    await store().run(target, 'all');
    expect(store().runError).toBeNull();
    expect(store().steps.filter((s) => !s.passed)).toEqual([]);
    expect(store().report?.failed).toBe(0);
    expect(store().steps.length).toBe(store().report?.steps);
  });

  it('shows expected against actual when a saved file expects the wrong status', async () => {
    await store().open(folder);
    await store().select('22-fault-wrong-secret.yaml');
    store().setDraft(store().draft.replace('status: 401', 'status: 200'));
    expect(await store().save()).toBe(true);
    await store().run(target, 'one');
    const [step] = store().steps;
    expect(step.passed).toBe(false);
    expect(step.mismatches).toContainEqual({ field: 'status', expected: 200, actual: 401 });
  });

  it('saves a Console answer as a new scenario and opens it in the editor', async () => {
    await store().open(folder);
    const sent = await call('console:send', { target, type: 'ping' });
    if (!sent.ok) throw new Error(sent.error.message);
    const name = await store().saveFromExchange(sent.data.id);
    expect(name).toBe(`ping-${sent.data.id}.yaml`);
    expect(store().selected).toBe(name);
    expect(store().draft).toContain('type: pong');
    expect(store().files.map((f) => f.name)).toContain(name);
  });

  it('follows a file changed on disk when the editor holds no unsaved change', async () => {
    await store().open(folder);
    writeFileSync(join(folder, '01-ping.yaml'), 'name: changed outside\nrequest: { type: ping }\n');
    await store().onChanged({ folder: store().folder!, file: '01-ping.yaml' });
    expect(store().draft).toContain('changed outside');
  });

  it('keeps unsaved edits when the file changes on disk, and says so', async () => {
    await store().open(folder);
    store().setDraft('name: unsaved\nrequest: { type: ping }\n');
    writeFileSync(join(folder, '01-ping.yaml'), 'name: someone else\nrequest: { type: ping }\n');
    await store().onChanged({ folder: store().folder!, file: '01-ping.yaml' });
    expect(store().changedOnDisk).toBe(true);
    expect(store().draft).toContain('unsaved');
  });
});
