// The Local connectors store against the real engine handlers and host: saving a definition from
// the editor text, the problems the engine reports, starting one on loopback and deleting it.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocalStore } from '../../../src/renderer/src/store/local/action.ts';
import { NEW_DEFINITION, initialLocalState } from '../../../src/renderer/src/store/local/initialState.ts';
import { selectedConnector } from '../../../src/renderer/src/store/local/selectors.ts';
import { useInProcessEngine } from './engine-transport.ts';
import type { EngineTransport } from './engine-transport.ts';

let env: EngineTransport;

beforeEach(async () => {
  env = await useInProcessEngine();
  useLocalStore.setState(initialLocalState);
});

afterEach(async () => {
  await env.close();
});

const store = () => useLocalStore.getState();
const definition = (patch: Record<string, unknown> = {}) =>
  JSON.stringify({ ...NEW_DEFINITION, signingSecret: 'whsec_local_store_test_secret_0123456789', ...patch });

describe('local connectors store', () => {
  it('saves a new definition, lists it and selects it with a clean editor', async () => {
    await store().load();
    // A fresh data folder comes with the built-in Demo catalog.
    const before = store().items.map((c) => c.name);
    store().newDraft();
    store().setDraft(definition({ name: 'Echo' }));
    expect(await store().save()).toBe(true);
    expect(store().items.map((c) => c.name)).toEqual([...before, 'Echo']);
    expect(selectedConnector(store())?.name).toBe('Echo');
    expect(store().dirty).toBe(false);
    expect(store().saveError).toBeNull();
    expect(JSON.parse(store().draft).name).toBe('Echo');
  });

  it('shows a JSON syntax problem in the editor and saves nothing', async () => {
    await store().load();
    const before = store().items.length;
    store().newDraft();
    store().setDraft('{ "name": ');
    expect(await store().save()).toBe(false);
    expect(store().problems).toHaveLength(1);
    expect(store().problems[0].message).toMatch(/definition/i);
    await store().load();
    expect(store().items).toHaveLength(before);
  });

  it('shows the engine refusal of an invalid definition with its code and the failing path', async () => {
    store().newDraft();
    store().setDraft(definition({ tools: 'not a list' }));
    expect(await store().save()).toBe(false);
    expect(store().saveError?.code).toBe('invalid_definition');
    expect(store().saveError?.message).toBeTruthy();
    expect(store().problems.some((p) => p.path.includes('tools'))).toBe(true);
    expect(store().saving).toBe(false);
  });

  it('starts a saved connector on loopback and deletes it, moving the selection to the one left', async () => {
    await store().load();
    const [builtIn] = store().items;
    store().newDraft();
    store().setDraft(definition({ name: 'Runner' }));
    await store().save();
    const id = store().selectedId!;

    await store().start(id);
    expect(store().opError).toBeNull();
    expect(selectedConnector(store())?.running).toBe(true);
    expect(selectedConnector(store())?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);

    await store().stop(id);
    expect(selectedConnector(store())?.running).toBe(false);

    await store().remove(id);
    expect(store().items.map((c) => c.id)).toEqual([builtIn.id]);
    expect(store().selectedId).toBe(builtIn.id);
    expect(JSON.parse(store().draft).name).toBe(builtIn.name);
  });

  it('shows a failed start of an unknown connector as that operation error', async () => {
    await store().start('missing');
    expect(store().opError).toMatchObject({ id: 'missing', op: 'start', error: { code: 'not_found' } });
    expect(store().busy).toEqual({});
  });
});
