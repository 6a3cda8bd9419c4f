// State of the Console: the target, the request being composed (type, tool, parameters, envelope)
// and the fault controls, plus the inline problems found before sending and the engine's answer.

import type { ApiError, FaultsDto, RequestTypeDto, ToolDefinitionDto } from '../../../../shared/index.ts';

export type TargetKind = 'connection' | 'local' | 'url';

export interface ConsoleFieldErrors {
  target?: string;
  tool?: string;
  parameters?: string;
  identity?: string;
}

export interface ConsoleState {
  targetKind: TargetKind;
  connectionId: string | null;
  localId: string | null;
  url: string;
  secret: string;
  type: RequestTypeDto;
  tool: string;
  /** Tools known for the current target (synced business tools, local definition, or capabilities). */
  knownTools: ToolDefinitionDto[];
  toolsError: ApiError | null;
  paramsText: string;
  identityText: string;
  conversationId: string;
  channel: string;
  faults: FaultsDto;
  sending: boolean;
  fieldErrors: ConsoleFieldErrors;
  sendError: ApiError | null;
  lastExchangeId: number | null;
}

export const SIGNING_HEADERS = [
  'x-service-signature',
  'x-service-timestamp',
  'x-service-protocol',
  'x-service-trace-id',
] as const;

export const initialConsoleState: ConsoleState = {
  targetKind: 'connection',
  connectionId: null,
  localId: null,
  url: '',
  secret: '',
  type: 'tool.invoke',
  tool: '',
  knownTools: [],
  toolsError: null,
  paramsText: '{}',
  identityText: '{}',
  conversationId: '',
  channel: 'whatsapp',
  faults: {},
  sending: false,
  fieldErrors: {},
  sendError: null,
  lastExchangeId: null,
};
