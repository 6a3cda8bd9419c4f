// Derived views of the demo state, as plain functions: whether a step is done, what the primary
// button says, and the tools the sync registered split by where they may run.

import type { BusinessToolDto } from '../../../../shared/index.ts';
import { DEMO_STEPS } from './initialState.ts';
import type { DemoState, DemoStepId } from './initialState.ts';

export function stepDone(s: DemoState, index: number): boolean {
  const c = s.setup?.connection;
  switch (DEMO_STEPS[index]) {
    case 'connect':
      return Boolean(c && s.setup?.connector?.running);
    case 'test':
      return s.test?.ok === true;
    case 'workspace':
      // Choosing another workspace than the bound one asks for the step again.
      return Boolean(c?.workspace_id) && (s.workspaceId === null || s.workspaceId === c?.workspace_id);
    case 'sync':
      return s.sync !== null;
    case 'chat':
      return s.chatDone;
    case 'approve':
      return s.approval?.ok === true;
    default:
      return false;
  }
}

export const STEP_TITLES: Record<DemoStepId, string> = {
  connect: 'Create the connection',
  test: 'Test Connection',
  workspace: 'Choose a workspace',
  sync: 'Sync Tools',
  chat: 'A customer conversation',
  approve: 'The admin approves',
};

/** The label of the action that performs a step. */
export const STEP_ACTIONS: Record<DemoStepId, string> = {
  connect: 'Create connection',
  test: 'Test connection',
  workspace: 'Use this workspace',
  sync: 'Sync tools',
  chat: 'Start the conversation',
  approve: 'Approve',
};

export const isChatTool = (t: BusinessToolDto): boolean => t.definition.chat !== false;

export const currentStep = (s: DemoState): DemoStepId => DEMO_STEPS[s.step];
