// Engine shapes -> the plain DTOs of src/shared/types.ts: only the listed fields cross the bridge,
// so an engine-side addition (a secret, a ciphertext) never leaks into the UI by accident.

import type {
  BusinessToolDto,
  ConnectionDto,
  DiagnosisDto,
  OrganizationDto,
  ExchangeDetailDto,
  ExchangeSummaryDto,
  OrgEventDto,
  SyncReportDto,
  TestReportDto,
} from '../../shared/index.ts';
import type {
  BusinessTool,
  ConnectionView,
  OrgEventView,
  RotationView,
  SyncReport,
  TestReport,
} from '../../platform/index.ts';
import type { Diagnosis } from '../../protocol/index.ts';
import type { Exchange, ExchangeSummary } from '../../store/history.ts';
import { faultList } from '../history/faults.ts';

/** The connection as the UI shows it, with its rotation when one is open (the grace period shows on it). */
export function connectionDto(
  v: ConnectionView & { signing_secret?: string },
  rotation?: RotationView | null,
): ConnectionDto {
  const dto: ConnectionDto = {
    id: v.id,
    name: v.name,
    webhook_url: v.webhook_url ?? '',
    enabled: v.enabled,
    has_secret: v.has_secret,
    status: v.status,
    last_tested_at: v.last_tested_at,
    workspace_id: v.workspace_id,
    created_at: v.created_at,
    updated_at: v.updated_at,
    ssrf: {
      mode: v.ssrf.mode,
      allowed: v.ssrf.allowed,
      strict_would_refuse: v.ssrf.strict_would_refuse,
      reasons: [...v.ssrf.reasons],
    },
  };
  if (v.signing_secret !== undefined) dto.signing_secret = v.signing_secret;
  if (rotation && rotation.state !== 'none')
    dto.rotation = {
      state: rotation.state,
      signing_with: rotation.signing_with,
      current_fingerprint: rotation.current_fingerprint,
      previous_fingerprint: rotation.previous_fingerprint,
      grace_ends_at: rotation.grace_ends_at,
    };
  return dto;
}

export function testReportDto(r: TestReport): TestReportDto {
  return {
    status: r.status,
    ok: r.ok,
    latency_ms: r.latency_ms,
    clock_offset_s: r.clock_offset_s,
    error: r.error ? { code: r.error.code, message: r.error.message } : null,
    warnings: [...r.warnings],
    tested_at: r.tested_at,
    exchange_id: r.exchange_ids.length ? r.exchange_ids[r.exchange_ids.length - 1] : null,
  };
}

export function syncReportDto(r: SyncReport): SyncReportDto {
  return {
    source: r.source,
    tools: r.tools.map((t) => ({ ...t })),
    metadata: r.metadata,
    warnings: [...r.warnings],
  };
}

export function orgEventDto(e: OrgEventView): OrgEventDto {
  return {
    id: e.id,
    connection_id: e.connection_id,
    event_id: e.event_id ?? '',
    payload: e.payload,
    received_at: e.received_at,
  };
}

export function businessToolDto(t: BusinessTool): BusinessToolDto {
  const d = t.definition;
  return {
    id: t.id,
    name: t.name,
    workspace_id: t.workspace_id,
    connection_id: t.connection_id,
    definition: {
      name: d.name,
      description: d.description,
      auth: d.auth,
      chat: d.chat,
      input_schema: d.input_schema as Record<string, unknown>,
    },
  };
}

export function summaryDto(e: ExchangeSummary | Exchange): ExchangeSummaryDto {
  return {
    id: e.id,
    direction: e.direction,
    connectionId: e.connectionId ?? null,
    localConnectorId: e.localConnectorId ?? null,
    requestType: e.requestType ?? null,
    tool: e.tool ?? null,
    requestId: e.requestId ?? null,
    traceId: e.traceId ?? null,
    method: e.method,
    url: e.url,
    responseStatus: e.responseStatus ?? null,
    verdict: e.verdict,
    durationMs: 'durationMs' in e ? e.durationMs : (e.timing?.totalMs ?? null),
    startedAt: e.startedAt,
  };
}

export function detailDto(e: Exchange, diagnosis: Diagnosis | null): ExchangeDetailDto {
  return {
    ...summaryDto(e),
    requestHeaders: e.requestHeaders,
    requestBodyBase64: e.requestBody.toString('base64'),
    responseHeaders: e.responseHeaders ?? null,
    responseBodyBase64: e.responseBody ? e.responseBody.toString('base64') : null,
    errorMessage: e.errorMessage ?? null,
    timing: e.timing
      ? {
          connectMs: e.timing.connectMs ?? null,
          firstByteMs: e.timing.firstByteMs ?? null,
          totalMs: e.timing.totalMs,
        }
      : null,
    attempt: e.attempt ?? 1,
    faults: faultList(e.faults),
    diagnosis: diagnosis && diagnosisDto(diagnosis),
  };
}

/** The explanation crosses as the data the UI displays (its failed check and cause as plain values). */
export function diagnosisDto(d: Diagnosis): DiagnosisDto {
  return d;
}

export function orgDto(o: { id: string; name: string; plan: 'free' | 'premium' }): OrganizationDto {
  return { id: o.id, name: o.name, plan: o.plan };
}
