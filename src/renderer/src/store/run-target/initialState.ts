// State of the target the Conformance and Load panels aim at (one choice shared by both panels):
// a registered connection, a local connector, or a URL with its secret.

import type { ApiError, ToolDefinitionDto } from '../../../../shared/index.ts';

export type RunTargetKind = 'connection' | 'local' | 'url';

export interface RunTargetState {
  kind: RunTargetKind;
  connectionId: string | null;
  localId: string | null;
  url: string;
  secret: string;
  /** Synced business tools of the chosen connection (the Load panel offers them to invoke). */
  connectionTools: ToolDefinitionDto[];
  toolsError: ApiError | null;
}

export const initialRunTargetState: RunTargetState = {
  kind: 'local',
  connectionId: null,
  localId: null,
  url: '',
  secret: '',
  connectionTools: [],
  toolsError: null,
};
