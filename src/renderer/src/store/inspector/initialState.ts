// State of the Inspector: the exchange shown (from the console, a host log line or history), the
// history list beside it, and the outcome of the copy/export and replay actions.

import type { ApiError, ExchangeDetailDto, ExchangeSummaryDto } from '../../../../shared/index.ts';

export type BodyView = 'pretty' | 'raw' | 'hex';

export interface InspectorState {
  current: ExchangeDetailDto | null;
  loadingId: number | null;
  error: ApiError | null;
  history: ExchangeSummaryDto[];
  historyNextBefore: number | null;
  historyError: ApiError | null;
  historyLoaded: boolean;
  requestView: BodyView;
  responseView: BodyView;
  curl: { mode: 'as-sent' | 're-signed'; command: string; copied: boolean } | null;
  exportError: ApiError | null;
  replaying: boolean;
  replayError: ApiError | null;
}

export const initialInspectorState: InspectorState = {
  current: null,
  loadingId: null,
  error: null,
  history: [],
  historyNextBefore: null,
  historyError: null,
  historyLoaded: false,
  requestView: 'pretty',
  responseView: 'pretty',
  curl: null,
  exportError: null,
  replaying: false,
  replayError: null,
};
