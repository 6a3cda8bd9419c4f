// The Connections store against the real engine handlers: what the Connections screen shows after
// each action (the list, the secret revealed once, errors with their code, the selection).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConnectionsStore } from '../../../src/renderer/src/store/connections/action.ts';
import { initialConnectionsState } from '../../../src/renderer/src/store/connections/initialState.ts';
import { selectedConnection } from '../../../src/renderer/src/store/connections/selectors.ts';
import { useInProcessEngine } from './engine-transport.ts';
import type { EngineTransport } from './engine-transport.ts';

let env: EngineTransport;

beforeEach(async () => {
  env = await useInProcessEngine();
  useConnectionsStore.setState(initialConnectionsState);
});

afterEach(async () => {
  await env.close();
});

const store = () => useConnectionsStore.getState();

describe('connections store', () => {
  it('loads an empty list from a fresh engine, with nothing selected', async () => {
    await store().load();
    expect(store().loaded).toBe(true);
    expect(store().items).toEqual([]);
    expect(store().listError).toBeNull();
    expect(selectedConnection(store())).toBeNull();
  });

  it('creates a connection, selects it and reveals its generated secret once, never in the list', async () => {
    const created = await store().create({ name: 'Catalog', webhook_url: 'http://127.0.0.1:9/hook' });
    expect(created?.name).toBe('Catalog');
    expect(store().selectedId).toBe(created!.id);
    expect(store().revealed).toMatchObject({ connectionId: created!.id, reason: 'created' });
    expect(store().revealed!.secret).toMatch(/^whsec_/);
    expect(store().items.map((c) => c.name)).toEqual(['Catalog']);
    expect(store().items[0]).not.toHaveProperty('signing_secret');
    expect(store().items[0].has_secret).toBe(true);

    store().dismissSecret();
    expect(store().revealed).toBeNull();
  });

  it('shows the engine refusal of a webhook URL that is not http(s), with its code and message', async () => {
    const created = await store().create({ name: 'Broken', webhook_url: 'ftp://127.0.0.1/hook' });
    expect(created).toBeNull();
    expect(store().creating).toBe(false);
    expect(store().createError?.code).toBe('validation_error');
    expect(store().createError?.message).toMatch(/webhook_url|url/i);
    expect(store().items).toEqual([]);
  });

  it('deletes the selected connection and moves the selection to the one left', async () => {
    const first = await store().create({ name: 'First', webhook_url: 'http://127.0.0.1:9/a' });
    const second = await store().create({ name: 'Second', webhook_url: 'http://127.0.0.1:9/b' });
    expect(store().selectedId).toBe(second!.id);

    expect(await store().remove(second!.id)).toBe(true);
    expect(store().items.map((c) => c.id)).toEqual([first!.id]);
    expect(store().selectedId).toBe(first!.id);
    expect(store().revealed).toBeNull();

    await store().load();
    expect(store().items.map((c) => c.name)).toEqual(['First']);
  });

  it('keeps a failed delete of an unknown connection as that row error, code not_found', async () => {
    expect(await store().remove('conn_missing')).toBe(false);
    expect(store().errors['delete:conn_missing']?.code).toBe('not_found');
    expect(store().busy['delete:conn_missing']).toBeUndefined();
  });
});
