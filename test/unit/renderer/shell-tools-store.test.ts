// The shell (UI) and Tools stores against the real engine handlers: what the app shows once booted,
// the plan switch, and the business tools a sync registers, filtered by workspace.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../../src/renderer/src/store/ui/action.ts';
import { initialUiState } from '../../../src/renderer/src/store/ui/initialState.ts';
import { workspaceName } from '../../../src/renderer/src/store/ui/selectors.ts';
import { useToolsStore } from '../../../src/renderer/src/store/tools/action.ts';
import { initialToolsState } from '../../../src/renderer/src/store/tools/initialState.ts';
import { selectedTool } from '../../../src/renderer/src/store/tools/selectors.ts';
import { useConnectionsStore } from '../../../src/renderer/src/store/connections/action.ts';
import { initialConnectionsState } from '../../../src/renderer/src/store/connections/initialState.ts';
import { useLocalStore } from '../../../src/renderer/src/store/local/action.ts';
import { initialLocalState } from '../../../src/renderer/src/store/local/initialState.ts';
import { useInProcessEngine } from './engine-transport.ts';
import type { EngineTransport } from './engine-transport.ts';

let env: EngineTransport;

beforeEach(async () => {
  env = await useInProcessEngine();
  useUiStore.setState(initialUiState);
  useToolsStore.setState(initialToolsState);
  useConnectionsStore.setState(initialConnectionsState);
  useLocalStore.setState(initialLocalState);
});

afterEach(async () => {
  await env.close();
});

const ui = () => useUiStore.getState();
const tools = () => useToolsStore.getState();

describe('ui store', () => {
  it('boots with the engine info, the organization and its workspaces', async () => {
    await ui().boot();
    expect(ui().appState).toBe('ready');
    expect(ui().bootError).toBeNull();
    expect(ui().info).toMatchObject({ dataDir: ':memory:', mode: 'browser', ssrfMode: 'dev' });
    expect(ui().org?.name).toBeTruthy();
    expect(ui().workspaces.length).toBeGreaterThan(0);
    const [first] = ui().workspaces;
    expect(workspaceName(ui(), first.id)).toBe(first.name);
  });

  it('switches the plan and shows the organization as the engine answers it', async () => {
    await ui().boot();
    const other = ui().org?.plan === 'premium' ? 'free' : 'premium';
    await ui().setPlan(other);
    expect(ui().planError).toBeNull();
    expect(ui().planSaving).toBe(false);
    expect(ui().org?.plan).toBe(other);
    await ui().boot();
    expect(ui().org?.plan).toBe(other);
  });
});

describe('tools store', () => {
  it('shows no tools before any sync', async () => {
    await tools().load();
    expect(tools().loaded).toBe(true);
    expect(tools().error).toBeNull();
    expect(tools().items).toEqual([]);
    expect(selectedTool(tools())).toBeNull();
  });

  it('lists the tools a sync registered, selects the first, and filters by workspace', async () => {
    await useLocalStore.getState().load();
    const demo = useLocalStore.getState().items[0];
    await useLocalStore.getState().start(demo.id);
    const url = useLocalStore.getState().items[0].url!;
    const secret = String(demo.definition.signingSecret);
    const connection = await useConnectionsStore
      .getState()
      .create({ name: 'Catalog', webhook_url: url, signing_secret: secret });
    await ui().boot();
    const [workspace, other] = ui().workspaces;
    await useConnectionsStore.getState().sync(connection!.id, workspace.id);
    expect(useConnectionsStore.getState().errors[`sync:${connection!.id}`]).toBeUndefined();

    await tools().load();
    expect(tools().items.length).toBeGreaterThan(0);
    expect(tools().items.every((t) => t.workspace_id === workspace.id)).toBe(true);
    expect(selectedTool(tools())?.id).toBe(tools().items[0].id);

    // A fresh organization has two workspaces (Default, Sales); the sync bound only the first.
    await tools().setWorkspace(other.id);
    expect(tools().items).toEqual([]);
    expect(selectedTool(tools())).toBeNull();
    await tools().setWorkspace(workspace.id);
    expect(tools().items.length).toBeGreaterThan(0);
  });
});
