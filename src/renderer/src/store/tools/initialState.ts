// State of the Tools screen: the business tools synced from connections, filtered by workspace.
// Tools come only from a sync; this screen reads them and never edits them.

import type { ApiError, BusinessToolDto } from '../../../../shared/index.ts';

export interface ToolsState {
  items: BusinessToolDto[];
  loaded: boolean;
  loading: boolean;
  error: ApiError | null;
  workspaceId: string | null;
  selectedId: string | null;
}

export const initialToolsState: ToolsState = {
  items: [],
  loaded: false,
  loading: false,
  error: null,
  workspaceId: null,
  selectedId: null,
};
