// State of Business Tools > SDK Connections: the registered connections and, per connection, the
// outcome of each operation (test, sync, flows, events) with the error it produced, if any.

import type {
  ApiError,
  ConnectionDto,
  ConnectionInput,
  FlowsDto,
  OrgEventDto,
  SyncReportDto,
  TestReportDto,
} from '../../../../shared/index.ts';

export type ConnectionOp = 'test' | 'sync' | 'update' | 'rotate' | 'delete' | 'flows' | 'events';

/** A plaintext secret the engine returned once: shown until dismissed, never stored elsewhere. */
export interface RevealedSecret {
  connectionId: string;
  connectionName: string;
  secret: string;
  reason: 'created' | 'rotated';
}

export interface ConnectionsState {
  items: ConnectionDto[];
  loaded: boolean;
  listError: ApiError | null;
  selectedId: string | null;
  creating: boolean;
  createError: ApiError | null;
  revealed: RevealedSecret | null;
  /** Values to open the Add Connection form with (e.g. a running local connector's URL and secret). */
  prefill: ConnectionInput | null;
  /** `${op}:${id}` -> in flight. */
  busy: Record<string, boolean>;
  /** `${op}:${id}` -> the error that op answered last. */
  errors: Record<string, ApiError>;
  tests: Record<string, TestReportDto>;
  syncs: Record<string, SyncReportDto>;
  flows: Record<string, FlowsDto>;
  events: Record<string, OrgEventDto[]>;
}

export const initialConnectionsState: ConnectionsState = {
  items: [],
  loaded: false,
  listError: null,
  selectedId: null,
  creating: false,
  createError: null,
  revealed: null,
  prefill: null,
  busy: {},
  errors: {},
  tests: {},
  syncs: {},
  flows: {},
  events: {},
};
