// The Console and History stores against the real engine: a signed call sent from the Console to a
// running local connector lands in History, where it is listed, filtered, selected and compared.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConsoleStore } from '../../../src/renderer/src/store/console/action.ts';
import { initialConsoleState } from '../../../src/renderer/src/store/console/initialState.ts';
import { useHistoryStore } from '../../../src/renderer/src/store/history/action.ts';
import { initialHistoryState } from '../../../src/renderer/src/store/history/initialState.ts';
import { canCompare, canReplay } from '../../../src/renderer/src/store/history/selectors.ts';
import { useInspectorStore } from '../../../src/renderer/src/store/inspector/action.ts';
import { useLocalStore } from '../../../src/renderer/src/store/local/action.ts';
import { initialLocalState } from '../../../src/renderer/src/store/local/initialState.ts';
import { useInProcessEngine } from './engine-transport.ts';
import type { EngineTransport } from './engine-transport.ts';

let env: EngineTransport;
let localId: string;

beforeEach(async () => {
  env = await useInProcessEngine();
  useConsoleStore.setState(initialConsoleState);
  useHistoryStore.setState(initialHistoryState);
  useLocalStore.setState(initialLocalState);
  // The built-in Demo catalog, started as a user would from the Local screen.
  await useLocalStore.getState().load();
  localId = useLocalStore.getState().items[0].id;
  await useLocalStore.getState().start(localId);
});

afterEach(async () => {
  await env.close();
});

const consoleStore = () => useConsoleStore.getState();
const history = () => useHistoryStore.getState();

async function sendPing(): Promise<number> {
  consoleStore().setTargetKind('local');
  consoleStore().setLocal(localId);
  consoleStore().setType('ping');
  await consoleStore().send();
  expect(consoleStore().sendError).toBeNull();
  return consoleStore().lastExchangeId!;
}

describe('console store', () => {
  it('sends a signed ping to the local connector and opens the exchange in the Inspector', async () => {
    const id = await sendPing();
    expect(consoleStore().sending).toBe(false);
    expect(useInspectorStore.getState().current?.id).toBe(id);
    expect(useInspectorStore.getState().current?.responseStatus).toBe(200);
  });

  it('shows a missing target as a field error and sends nothing', async () => {
    consoleStore().setTargetKind('url');
    consoleStore().setType('ping');
    await consoleStore().send();
    expect(consoleStore().fieldErrors.target).toBeTruthy();
    expect(consoleStore().lastExchangeId).toBeNull();
  });

  it('shows the engine refusal of an unknown connection with its code', async () => {
    useConsoleStore.setState({ targetKind: 'connection', connectionId: 'conn_missing', type: 'ping' });
    await consoleStore().send();
    expect(consoleStore().sendError?.code).toBe('not_found');
    expect(consoleStore().sendError?.message).toBeTruthy();
  });
});

describe('history store', () => {
  it('lists the exchanges sent, newest first', async () => {
    const first = await sendPing();
    const second = await sendPing();
    // Each ping is two exchanges: the platform's outgoing call and the host's record of receiving it.
    await history().setFilter({ direction: 'outgoing' });
    expect(history().loaded).toBe(true);
    expect(history().error).toBeNull();
    expect(history().total).toBe(2);
    await vi.waitFor(() => expect(history().rows[1]).toBeDefined(), { timeout: 5000 });
    expect([history().rows[0].id, history().rows[1].id]).toEqual([second, first]);
    expect(history().lastFilterMs).not.toBeNull();
  });

  it('filters by verdict and shows nothing for a verdict no exchange has', async () => {
    await sendPing();
    await history().setFilter({ direction: 'outgoing' });
    expect(history().total).toBe(1);
    await history().setFilter({ verdict: 'invalid_signature' });
    expect(history().total).toBe(0);
    expect(history().rows).toEqual({});
    await history().setFilter({ verdict: undefined });
    expect(history().filter).toEqual({ direction: 'outgoing' });
    expect(history().total).toBe(1);
  });

  it('selects two rows to compare them, and clears the selection', async () => {
    const a = await sendPing();
    const b = await sendPing();
    await history().reload();
    history().toggle(b);
    expect(canReplay(history())).toBe(true);
    history().toggle(a);
    expect(canCompare(history())).toBe(true);
    await history().compareSelected();
    expect(history().actionError).toBeNull();
    expect([history().compare?.left.id, history().compare?.right.id]).toEqual([a, b]);
    history().closeCompare();
    history().clearSelection();
    expect(history().selected).toEqual([]);
    expect(history().compare).toBeNull();
  });

  it('follows new exchanges on top while listening', async () => {
    await sendPing();
    await history().setFilter({ direction: 'outgoing' });
    const stop = history().listen();
    try {
      const fresh = await sendPing();
      await vi.waitFor(() => expect(history().rows[0]?.id).toBe(fresh), { timeout: 5000 });
      expect(history().total).toBe(2);
    } finally {
      stop();
    }
  });

  it('saves retention limits and shows a refused limit with its code', async () => {
    await history().saveRetention(5000, null);
    expect(history().actionError).toBeNull();
    expect(history().retention).toMatchObject({ maxCount: 5000, maxAgeDays: null });
    await history().saveRetention(-1, null);
    expect(history().actionError?.code).toBe('validation_error');
    expect(history().retention?.maxCount).toBe(5000);
  });
});
