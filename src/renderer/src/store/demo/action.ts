// Demo actions: each step runs for real against the engine (the demo's own methods, or the same
// connection methods the SDK Connections screen uses), and Restart removes what the demo created.

import { create } from 'zustand';
import { DEMO_CHANNEL } from '../../../../shared/index.ts';
import type { ApiError, DemoInvokeDto, Result } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';
import { withoutSecret } from '../connections/selectors.ts';
import { CONVERSATION } from '../../lib/demo-conversation.ts';
import type { Memo } from '../../lib/demo-conversation.ts';
import { DEMO_STEPS, initialDemoState } from './initialState.ts';
import type { ChatTurn, DemoQuotation, DemoState } from './initialState.ts';
import { currentStep, stepDone } from './selectors.ts';

export interface DemoActions {
  load: () => Promise<void>;
  /** Performs the shown step (create, test, bind, sync, converse). */
  run: () => Promise<void>;
  next: () => void;
  back: () => void;
  chooseWorkspace: (id: string) => void;
  loadInbox: () => Promise<void>;
  approve: () => Promise<void>;
  restart: () => Promise<void>;
}

/** Pause between chat bubbles, so an audience can read along; zero under automation. */
const PACE_MS = typeof navigator !== 'undefined' && navigator.webdriver ? 0 : 450;
const pause = () => new Promise((r) => setTimeout(r, PACE_MS));

type Get = () => DemoState & DemoActions;
type Set = (partial: Partial<DemoState> | ((s: DemoState) => Partial<DemoState>)) => void;

export const useDemoStore = create<DemoState & DemoActions>()((set, get) => ({
  ...initialDemoState,

  async load() {
    const r = await call('demo:get-state', undefined);
    if (!r.ok) return set({ loaded: true, error: r.error });
    const c = r.data.connection;
    set({
      loaded: true,
      setup: { ...r.data, connection: c ? withoutSecret(c) : null },
      workspaceId: c?.workspace_id ?? get().workspaceId,
    });
  },

  async run() {
    const s = get();
    if (s.busy) return;
    const step = currentStep(s);
    set({ busy: true, error: null });
    try {
      if (step === 'chat') await converse(set, get);
      else if (step === 'approve') await get().approve();
      else await runSetupStep(step, set, get);
    } finally {
      set({ busy: false });
    }
  },

  next() {
    const s = get();
    if (s.step < DEMO_STEPS.length - 1 && stepDone(s, s.step)) {
      set({ step: s.step + 1, error: null });
      if (DEMO_STEPS[s.step + 1] === 'approve') void get().loadInbox();
    }
  },

  back() {
    set((s) => ({ step: Math.max(0, s.step - 1), error: null }));
  },

  chooseWorkspace(id) {
    set({ workspaceId: id });
  },

  async loadInbox() {
    const id = get().setup?.connection?.id;
    if (!id) return;
    const [events, flows] = await Promise.all([
      call('connections:list-events', { id }),
      call('connections:get-flows', { id }),
    ]);
    const failed = [events, flows].find((r) => !r.ok);
    set({
      events: events.ok ? events.data : get().events,
      flows: flows.ok ? flows.data : get().flows,
      error: failed && !failed.ok ? failed.error : null,
    });
  },

  async approve() {
    const q = get().quotation;
    if (!q) return;
    // The admin side: no conversation, no channel; approveQuotation is a chat:false tool.
    const r = await call('demo:invoke', { tool: 'approveQuotation', arguments: { quotation_id: q.id } });
    if (!r.ok) return set({ error: r.error });
    const out = r.data.output as { status?: string } | null;
    set({
      approval: r.data,
      error: r.data.ok ? null : toolError(r.data),
      quotation: r.data.ok && out?.status ? { ...q, status: out.status } : q,
    });
  },

  async restart() {
    set({ resetting: true, resetError: null });
    const r = await call('demo:reset', undefined);
    if (!r.ok) return set({ resetting: false, resetError: r.error });
    set({ ...initialDemoState, loaded: true, setup: { connector: null, connection: null } });
  },
}));

async function runSetupStep(
  step: 'connect' | 'test' | 'workspace' | 'sync',
  set: Set,
  get: Get,
): Promise<void> {
  const id = get().setup?.connection?.id;
  if (step === 'connect') {
    const r = await call('demo:create-connection', undefined);
    if (!r.ok) return set({ error: r.error });
    const c = r.data.connection;
    return set({ setup: { ...r.data, connection: c ? withoutSecret(c) : null } });
  }
  if (!id)
    return set({ error: { code: 'demo_not_started', message: 'Create the connection first (step 1).' } });
  if (step === 'test') {
    const r = await call('connections:test', { id });
    if (!r.ok) return set({ error: r.error });
    return set({ test: r.data, error: r.data.ok ? null : (r.data.error ?? null) });
  }
  if (step === 'workspace') {
    const workspaceId = get().workspaceId;
    if (!workspaceId)
      return set({ error: { code: 'validation_error', message: 'Choose a workspace first.' } });
    const r = await call('connections:update', { id, changes: { workspace_id: workspaceId } });
    if (!r.ok) return set({ error: r.error });
    // A new workspace needs a new sync: its business tools are not registered yet.
    return set((s) => ({
      setup: s.setup && { ...s.setup, connection: withoutSecret(r.data) },
      sync: null,
      tools: [],
    }));
  }
  const synced = await call('connections:sync-tools', { id });
  if (!synced.ok) return set({ error: synced.error });
  const tools = await call('tools:list', { connectionId: id });
  set({ sync: synced.data, tools: tools.ok ? tools.data : [], error: tools.ok ? null : tools.error });
}

/** Plays the whole conversation, one real tool call per customer message. */
async function converse(set: Set, get: Get): Promise<void> {
  const conversationId = `conv-${Date.now().toString(36)}`;
  set({ conversationId, chat: [], chatDone: false, quotation: null, events: null, approval: null });
  const memo: Memo = {};
  const add = (turn: Omit<ChatTurn, 'id'>) =>
    set((s) => ({ chat: [...s.chat, { ...turn, id: `t${s.chat.length}` }] }));
  for (const turn of CONVERSATION) {
    add({ from: 'customer', text: turn.customer });
    await pause();
    const r: Result<DemoInvokeDto> = await call('demo:invoke', {
      tool: turn.tool,
      arguments: turn.args(memo),
      conversationId,
      channel: DEMO_CHANNEL,
    });
    if (!r.ok) return set({ error: r.error });
    const output = (r.data.output ?? {}) as Record<string, unknown>;
    const text = r.data.ok
      ? turn.reply(output, memo)
      : `Sorry, I could not do that: ${r.data.error?.message ?? 'the tool failed'}.`;
    add({ from: 'assistant', text, call: r.data });
    if (!r.data.ok) return set({ error: toolError(r.data) });
    if (turn.tool === 'createQuotation') set({ quotation: output as unknown as DemoQuotation });
    await pause();
  }
  set({ chatDone: get().quotation !== null });
}

function toolError(d: DemoInvokeDto): ApiError {
  return d.error ?? { code: 'tool_error', message: `${d.tool} failed` };
}
