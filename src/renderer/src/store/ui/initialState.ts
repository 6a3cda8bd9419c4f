// State of the app shell: where the user is, what the engine said about itself at start, and the
// organization (plan) and workspaces every screen refers to.

import type { ApiError, AppInfoDto, OrganizationDto, WorkspaceDto } from '../../../../shared/index.ts';

export type RouteName =
  | 'business-tools'
  | 'tools'
  | 'console'
  | 'inspector'
  | 'history'
  | 'local'
  | 'conformance'
  | 'load'
  | 'demo'
  | 'rotation'
  | 'live-traffic'
  | 'scenarios';

export interface Route {
  name: RouteName;
  /** Inspector: the history id shown; local: the connector id. */
  param?: string;
}

export interface UiState {
  appState: 'loading' | 'ready';
  route: Route;
  info: AppInfoDto | null;
  org: OrganizationDto | null;
  workspaces: WorkspaceDto[];
  bootError: ApiError | null;
  planError: ApiError | null;
  planSaving: boolean;
}

export const initialUiState: UiState = {
  appState: 'loading',
  route: { name: 'business-tools' },
  info: null,
  org: null,
  workspaces: [],
  bootError: null,
  planError: null,
  planSaving: false,
};
