// State of the guided demo: which step is shown, what each step got back from the engine (all
// real answers, never a secret), the simulated customer chat and the admin's inbox.

import type {
  ApiError,
  BusinessToolDto,
  DemoInvokeDto,
  DemoStateDto,
  FlowsDto,
  OrgEventDto,
  SyncReportDto,
  TestReportDto,
} from '../../../../shared/index.ts';

export const DEMO_STEPS = ['connect', 'test', 'workspace', 'sync', 'chat', 'approve'] as const;
export type DemoStepId = (typeof DEMO_STEPS)[number];

export interface ChatTurn {
  id: string;
  from: 'customer' | 'assistant';
  text: string;
  /** The tool call the assistant made before answering. */
  call?: DemoInvokeDto;
}

export interface DemoQuotation {
  id: string;
  customer_name: string;
  total: number;
  currency: string;
  status: string;
}

export interface DemoState {
  loaded: boolean;
  step: number;
  busy: boolean;
  error: ApiError | null;
  setup: DemoStateDto | null;
  test: TestReportDto | null;
  workspaceId: string | null;
  sync: SyncReportDto | null;
  tools: BusinessToolDto[];
  conversationId: string | null;
  chat: ChatTurn[];
  chatDone: boolean;
  quotation: DemoQuotation | null;
  events: OrgEventDto[] | null;
  flows: FlowsDto | null;
  approval: DemoInvokeDto | null;
  resetting: boolean;
  resetError: ApiError | null;
}

export const initialDemoState: DemoState = {
  loaded: false,
  step: 0,
  busy: false,
  error: null,
  setup: null,
  test: null,
  workspaceId: null,
  sync: null,
  tools: [],
  conversationId: null,
  chat: [],
  chatDone: false,
  quotation: null,
  events: null,
  flows: null,
  approval: null,
  resetting: false,
  resetError: null,
};
