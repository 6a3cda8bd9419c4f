// Data shapes of the UI contract: plain JSON, independent of the engine's internal classes, so
// the renderer depends on src/shared alone.

export type ConnectionStatus = 'unknown' | 'healthy' | 'degraded' | 'failing';

export interface SsrfVerdict {
  mode: 'strict' | 'dev';
  allowed: boolean;
  strict_would_refuse: boolean;
  reasons: string[];
}

export interface ConnectionDto {
  id: string;
  name: string;
  webhook_url: string;
  enabled: boolean;
  has_secret: boolean;
  status: ConnectionStatus;
  last_tested_at: string | null;
  workspace_id: string | null;
  created_at: string;
  updated_at: string;
  ssrf?: SsrfVerdict;
  /** Only in the answer of create, and of an update that changed the secret. */
  signing_secret?: string;
  /** A secret rotation in progress (grace) or not yet finished (switched); absent when none. */
  rotation?: ConnectionRotationDto;
}

export interface ConnectionRotationDto {
  /** grace: the platform still signs with the previous secret until grace_ends_at; switched: with the new one. */
  state: 'grace' | 'switched';
  signing_with: 'current' | 'previous';
  current_fingerprint: string | null;
  previous_fingerprint: string | null;
  grace_ends_at: string | null;
}

export interface ConnectionInput {
  name?: string;
  webhook_url?: string;
  signing_secret?: string;
  enabled?: boolean;
  workspace_id?: string | null;
}

export interface TestReportDto {
  status: ConnectionStatus;
  ok: boolean;
  latency_ms: number | null;
  clock_offset_s: number | null;
  error: { code: string; message: string } | null;
  warnings: string[];
  tested_at: string;
  exchange_id?: number | null;
}

export interface SyncReportDto {
  source: 'capabilities.list' | 'tools.list';
  tools: Array<{
    name: string;
    business_tool_id: string | null;
    change: 'new' | 'updated' | 'unchanged' | 'removed';
  }>;
  metadata: unknown;
  warnings: string[];
}

export interface FlowsDto {
  version: number | null;
  items: Array<{ id: string; kind: 'event' | 'action' | 'task'; label: string; priority?: string }>;
}

export interface OrgEventDto {
  id: string;
  connection_id: string;
  event_id: string;
  payload: unknown;
  received_at: string;
}

export interface WorkspaceDto {
  id: string;
  name: string;
}

export interface OrganizationDto {
  id: string;
  name: string;
  plan: 'free' | 'premium';
}

export interface ToolDefinitionDto {
  name: string;
  description: string;
  auth: string;
  chat: boolean;
  input_schema: Record<string, unknown>;
}

export interface BusinessToolDto {
  id: string;
  name: string;
  workspace_id: string;
  connection_id: string;
  definition: ToolDefinitionDto;
}

export type RequestTypeDto = 'tool.invoke' | 'ping' | 'capabilities.list' | 'tools.list';

export interface FaultsDto {
  skewOffsetSeconds?: number;
  wrongSecret?: boolean;
  tamperBody?: boolean;
  dropHeaders?: string[];
  headerCase?: 'upper' | 'lower' | 'mixed';
  protocolVersion?: string;
  replay?: boolean;
}

/** Where a console call goes: a registered connection, a local connector, or any URL. */
export type TargetDto =
  | { kind: 'connection'; id: string }
  | { kind: 'local'; id: string }
  | { kind: 'url'; url: string; secret: string };

export interface ConsoleSendInput {
  target: TargetDto;
  type: RequestTypeDto;
  tool?: string;
  parameters?: Record<string, unknown>;
  identity?: Record<string, unknown>;
  conversationId?: string;
  channel?: string;
  faults?: FaultsDto;
}

export interface ExchangeSummaryDto {
  id: number;
  direction: 'outgoing' | 'incoming';
  connectionId: string | null;
  localConnectorId: string | null;
  requestType: string | null;
  tool: string | null;
  requestId: string | null;
  traceId: string | null;
  method: string;
  url: string;
  responseStatus: number | null;
  verdict: string;
  durationMs: number | null;
  startedAt: number;
}

export interface DiagnosisDto {
  verdict: 'valid' | 'invalid';
  failedCheck: string | null;
  summary: string;
  received: {
    signature: string | null;
    timestamp: string | null;
    protocol: string | null;
    headerNames: string[];
  };
  canonical: { string: string | null; bodyBytes: number };
  expected: Array<{ secret: string; signature: string | null }>;
  matchedSecret: string | null;
  /** Position (0 = first, the current secret) of that candidate in the list given, if any. */
  matchedSecretIndex: number | null;
  skew: {
    now: number;
    timestamp: number | null;
    seconds: number | null;
    toleranceSeconds: number;
    withinWindow: boolean | null;
  };
  cause: { id: string; title: string; detail: string; secret?: string } | null;
}

/** Everything the inspector shows about one exchange. Bodies travel as base64. */
export interface ExchangeDetailDto extends ExchangeSummaryDto {
  requestHeaders: Array<[string, string]>;
  requestBodyBase64: string;
  responseHeaders: Array<[string, string]> | null;
  responseBodyBase64: string | null;
  errorMessage: string | null;
  timing: { connectMs?: number | null; firstByteMs?: number | null; totalMs: number } | null;
  attempt: number;
  faults: string[] | null;
  /** The signature check re-run by the engine with the secret it knows (never the secret itself). */
  diagnosis: DiagnosisDto | null;
}

export interface HistoryFilterDto {
  direction?: 'outgoing' | 'incoming';
  connectionId?: string;
  localConnectorId?: string;
  tool?: string;
  requestType?: string;
  verdict?: string;
  responseStatus?: number;
  id?: string;
  since?: number;
  until?: number;
}

export interface HistoryPageDto {
  items: ExchangeSummaryDto[];
  nextBefore: number | null;
}

export interface LocalConnectorDto {
  id: string;
  name: string;
  running: boolean;
  url: string | null;
  port: number | null;
  /** The definition as stored (JSON); its signing secret is included, this is the owner's own tool. */
  definition: Record<string, unknown>;
  updated_at: string;
}

export interface HostRequestEventDto {
  localConnectorId: string;
  /** Null for a request History did not keep (a load run keeps a sample and its failures). */
  exchangeId: number | null;
  summary: ExchangeSummaryDto;
  /** Short verdict line, e.g. "invalid_signature: signature_mismatch — body re-serialized". */
  verdictText: string;
}

export interface AppInfoDto {
  version: string;
  dataDir: string;
  mode: 'desktop' | 'browser';
  platformUrl: string | null;
  ssrfMode: 'strict' | 'dev';
}
