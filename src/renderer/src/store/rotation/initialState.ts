// State of the Rotation screen: what to rehearse with (a connection, a local connector, a grace) and
// the engine's rehearsal as last answered, with the new secret kept only until the user hides it.

import type { ApiError, RehearsalDto } from '../../../../shared/index.ts';

export interface RotationChoice {
  id: string;
  name: string;
}

export interface RotationState {
  loaded: boolean;
  busy: boolean;
  error: ApiError | null;
  connections: RotationChoice[];
  localConnectors: RotationChoice[];
  connectionId: string;
  localConnectorId: string;
  graceSeconds: number;
  rehearsal: RehearsalDto | null;
  /** The step 1 answer's secret, shown once. */
  newSecret: string | null;
}

export const initialRotationState: RotationState = {
  loaded: false,
  busy: false,
  error: null,
  connections: [],
  localConnectors: [],
  connectionId: '',
  localConnectorId: '',
  graceSeconds: 0,
  rehearsal: null,
  newSecret: null,
};
