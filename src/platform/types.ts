// Shapes the mock platform's services hand to the REST API, the engine and the UI (decisions.md 3).
// JSON field names are the wire names (snake_case) so the API can answer them unchanged.

import type { OrgMetadata, ToolDefinition } from '../protocol/index.ts';
import type { SsrfMode } from './ssrf.ts';

export type Plan = 'free' | 'premium';
export type Role = 'owner' | 'admin' | 'member';
export type ConnectionStatus = 'unknown' | 'healthy' | 'degraded' | 'failing';

export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  created_at: string;
}

export interface User {
  id: string;
  org_id: string;
  email: string;
  name: string;
  role: Role;
  created_at: string;
}

export interface Workspace {
  id: string;
  org_id: string;
  name: string;
  created_at: string;
}

/** What the SSRF policy says about a connection's webhook_url (decisions.md 3). */
export interface SsrfView {
  mode: SsrfMode;
  allowed: boolean;
  strict_would_refuse: boolean;
  reasons: string[];
}

export interface ConnectionView {
  id: string;
  name: string;
  webhook_url: string | null;
  enabled: boolean;
  has_secret: boolean;
  status: ConnectionStatus;
  last_tested_at: string | null;
  workspace_id: string | null;
  created_at: string;
  updated_at: string;
  /** Extra to decisions.md 3: per-connection timeout of calls to the connector. */
  timeout_ms: number;
  /** Extra to decisions.md 3: the report of the last connection test. */
  last_test: TestReport | null;
  ssrf: SsrfView;
}

export interface ErrorInfo {
  code: string;
  message: string;
}

export interface TestReport {
  status: Exclude<ConnectionStatus, 'unknown'>;
  ok: boolean;
  latency_ms: number | null;
  /** Connector clock minus platform clock, seconds; null when the pong carried no `time`. */
  clock_offset_s: number | null;
  error: ErrorInfo | null;
  warnings: string[];
  tested_at: string;
  request_id: string;
  trace_id: string;
  attempts: number;
  /** History ids of every attempt, oldest first. */
  exchange_ids: number[];
}

export type ToolChange = 'new' | 'updated' | 'unchanged' | 'removed';

export interface SyncReport {
  source: 'capabilities.list' | 'tools.list';
  tools: Array<{ name: string; business_tool_id: string | null; change: ToolChange }>;
  metadata: OrgMetadata | null;
  warnings: string[];
  workspace_id: string | null;
  trace_id: string;
}

export interface FlowItemView {
  id: string;
  kind: 'event' | 'action' | 'task';
  label: string;
  priority?: string;
}

export interface FlowsView {
  version: number | null;
  items: FlowItemView[];
}

export interface OrgEventView {
  id: string;
  connection_id: string;
  event_id: string | null;
  payload: unknown;
  verified: boolean;
  /** Why verification failed (the detailed reason stays inside the testbench). */
  failure: string | null;
  /** Whether the last synced metadata declares this event id. */
  declared: boolean;
  received_at: string;
}

export interface BusinessTool {
  id: string;
  workspace_id: string;
  connection_id: string;
  name: string;
  definition: ToolDefinition;
  created_at: string;
  updated_at: string;
}

export interface BusinessToolTestResult {
  ok: boolean;
  output?: unknown;
  error?: ErrorInfo;
  duration_ms: number;
  request_id: string;
  trace_id: string;
  exchange_ids: number[];
}

export interface DocumentView {
  id: string;
  workspace_id: string;
  filename: string;
  content_type: string;
  size: number;
  /** Where the API layer stored the bytes (relative to the data folder when it is inside it). */
  path: string;
  created_at: string;
}

export interface DocumentInput {
  workspaceId: string;
  filename: string;
  contentType: string;
  size: number;
  path: string;
}
