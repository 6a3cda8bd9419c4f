// Console actions: choose a target and learn its tools, compose, send. A sent exchange opens in
// the inspector store, so the answer shows beside the form without another round trip.

import { create } from 'zustand';
import type { FaultsDto, RequestTypeDto, ToolDefinitionDto } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';
import { base64ToBytes, bytesToText } from '../../lib/bytes.ts';
import { useInspectorStore } from '../inspector/action.ts';
import { initialConsoleState } from './initialState.ts';
import type { ConsoleState, TargetKind } from './initialState.ts';
import { buildSendInput } from './selectors.ts';
import { paramsAfterToolChange, preferredTool } from '../../lib/tool-choice.ts';

export interface ConsoleActions {
  setTargetKind: (kind: TargetKind) => void;
  setConnection: (id: string | null) => Promise<void>;
  setLocal: (id: string | null, tools?: ToolDefinitionDto[]) => void;
  setUrl: (url: string) => void;
  setSecret: (secret: string) => void;
  discoverTools: () => Promise<void>;
  setType: (type: RequestTypeDto) => void;
  setTool: (name: string) => void;
  setParams: (text: string) => void;
  setIdentity: (text: string) => void;
  setConversationId: (v: string) => void;
  setChannel: (v: string) => void;
  setFaults: (patch: Partial<FaultsDto>) => void;
  resetFaults: () => void;
  send: () => Promise<void>;
}

function toolsFromAnswer(b64: string | null): ToolDefinitionDto[] {
  if (!b64) return [];
  try {
    const body = JSON.parse(bytesToText(base64ToBytes(b64)));
    const list = body?.tools ?? body?.output?.tools;
    return Array.isArray(list)
      ? list.filter((t: unknown) => t && typeof (t as ToolDefinitionDto).name === 'string')
      : [];
  } catch {
    return [];
  }
}

export const useConsoleStore = create<ConsoleState & ConsoleActions>()((set, get) => ({
  ...initialConsoleState,

  setTargetKind(targetKind) {
    set({ targetKind, knownTools: [], toolsError: null, fieldErrors: {} });
  },

  async setConnection(connectionId) {
    set({ connectionId, knownTools: [], toolsError: null, fieldErrors: {} });
    if (!connectionId) return;
    const r = await call('tools:list', { connectionId });
    if (get().connectionId !== connectionId) return;
    if (!r.ok) return set({ toolsError: r.error });
    // One connection may be synced into several workspaces: offer each tool name once.
    const byName = new Map(r.data.map((t) => [t.definition.name, t.definition]));
    const tools = [...byName.values()];
    set({ knownTools: tools });
    if (!byName.has(get().tool)) get().setTool(preferredTool(tools)?.name ?? '');
  },

  setLocal(localId, tools = []) {
    set({ localId, knownTools: tools, toolsError: null, fieldErrors: {} });
    if (!tools.some((t) => t.name === get().tool)) get().setTool(preferredTool(tools)?.name ?? '');
  },

  setUrl(url) {
    set({ url });
  },

  setSecret(secret) {
    set({ secret });
  },

  async discoverTools() {
    const built = buildSendInput({ ...get(), type: 'capabilities.list', faults: {} });
    if (!built.ok) return set({ fieldErrors: built.errors });
    set({ toolsError: null });
    const r = await call('console:send', built.input);
    if (!r.ok) return set({ toolsError: r.error });
    const tools = toolsFromAnswer(r.data.responseBodyBase64);
    if (tools.length === 0) {
      return set({
        toolsError: {
          code: 'no_tools',
          message: `capabilities.list answered ${r.data.responseStatus ?? 'nothing'} without tools (${r.data.verdict}).`,
        },
      });
    }
    set({ knownTools: tools });
    if (!tools.some((t) => t.name === get().tool)) get().setTool(preferredTool(tools)?.name ?? '');
  },

  setType(type) {
    set({ type, fieldErrors: {} });
  },

  setTool(tool) {
    const def = get().knownTools.find((t) => t.name === tool) ?? null;
    const prev = get().knownTools.find((t) => t.name === get().tool) ?? null;
    set((s) => ({
      tool,
      paramsText: paramsAfterToolChange(s.paramsText, prev, def),
      fieldErrors: { ...s.fieldErrors, tool: undefined },
    }));
  },

  setParams(paramsText) {
    set((s) => ({ paramsText, fieldErrors: { ...s.fieldErrors, parameters: undefined } }));
  },

  setIdentity(identityText) {
    set((s) => ({ identityText, fieldErrors: { ...s.fieldErrors, identity: undefined } }));
  },

  setConversationId(conversationId) {
    set({ conversationId });
  },

  setChannel(channel) {
    set({ channel });
  },

  setFaults(patch) {
    set((s) => ({ faults: { ...s.faults, ...patch } }));
  },

  resetFaults() {
    set({ faults: {} });
  },

  async send() {
    if (get().sending) return;
    const built = buildSendInput(get());
    if (!built.ok) return set({ fieldErrors: built.errors, sendError: null });
    set({ sending: true, fieldErrors: {}, sendError: null });
    const r = await call('console:send', built.input);
    if (!r.ok) return set({ sending: false, sendError: r.error });
    set({ sending: false, lastExchangeId: r.data.id });
    useInspectorStore.getState().show(r.data);
  },
}));
