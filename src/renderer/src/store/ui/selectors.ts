// Derived views of the shell state, as plain functions over the state (shared/style.md anchor 8).
// Components read derived values through these, so each is computed one way for every screen.

import type { UiState } from './initialState.ts';

export const workspaceName = (s: Pick<UiState, 'workspaces'>, id: string | null | undefined): string | null =>
  (id && s.workspaces.find((w) => w.id === id)?.name) || null;
