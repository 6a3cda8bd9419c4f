// DTOs of real traffic: the sent-vs-received pairing of an exchange (by request_id) and the Live
// traffic screen's recording proxy (start, stop, status, one event per request as it arrives).

export interface HeaderChangeDto {
  name: string;
  sent: string | null;
  received: string | null;
}

/** What changed between the first record of a request and the next one (computed when read). */
export interface PairingDto {
  role: 'sent' | 'received';
  peerId: number;
  sentId: number;
  receivedId: number;
  requestId: string;
  bodyDiffers: boolean;
  sentBytes: number;
  receivedBytes: number;
  firstDifferenceAt: number | null;
  headersDiffer: HeaderChangeDto[];
  /** Received start minus sent start (ms), both clocks included. */
  transitMs: number;
  sentVerdict: string;
  receivedVerdict: string;
  conclusion: 'identical' | 'body_altered' | 'headers_altered' | 'fault_injected' | 'secrets_or_clock_differ';
  summary: string;
}

export interface ListenStartInput {
  /** Full connector URL every request is forwarded to. */
  forwardTo: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where the secrets come from: a platform connection or a local connector (never typed in). */
  secretsFrom: { connectionId: string } | { localConnectorId: string };
}

export interface ListenStatusDto {
  running: boolean;
  url: string | null;
  forwardTo: string | null;
  /** Fingerprints of the candidate secrets, current first. */
  secretFingerprints: string[];
  startedAt: number | null;
  requests: number;
}

export interface ListenRequestEventDto {
  exchangeId: number | null;
  startedAt: number;
  method: string;
  path: string;
  requestType: string | null;
  tool: string | null;
  verdict: string;
  /** The diagnosis summary: why the verdict (which check failed, the likely signing mistake). */
  cause: string;
  matchedSecret: number | null;
  status: number;
  durationMs: number;
}
