// The use-cases' answers -> the plain DTOs of src/shared (local connectors, demo, conformance, load
// progress, scenario steps, History limits, live traffic, pairing), each field listed so nothing leaks.

import type { ConformanceReport } from '../../conformance/index.ts';
import type { LoadProgress } from '../../load/index.ts';
import type { StepResult } from '../../scenarios/index.ts';
import type {
  ConformanceReportDto,
  DemoInvokeDto,
  DemoStateDto,
  ListenRequestEventDto,
  ListenStatusDto,
  LoadProgressDto,
  LocalConnectorDto,
  PairingDto,
  RunHistoryDto,
  ScenarioStepResultDto,
} from '../../shared/index.ts';
import type { HistoryRetentionDto } from '../../shared/history.ts';
import type { History } from '../../store/history.ts';
import type { DemoInvocation, DemoState } from '../demo/demo.ts';
import type { RetentionPruner } from '../history/retention.ts';
import type { LiveTrafficEvent, LiveTrafficStatus } from '../live-traffic.ts';
import type { Pairing } from '../pairing.ts';
import type { LocalConnectorView } from '../local-connectors.ts';
import { unreachableReason } from '../runs/unreachable.ts';
import { connectionDto } from './contract-dto.ts';

export function localConnectorDto(v: LocalConnectorView): LocalConnectorDto {
  return {
    id: v.id,
    name: v.name,
    running: v.running,
    url: v.url,
    port: v.port,
    definition: { ...v.definition } as Record<string, unknown>,
    updated_at: new Date(v.updatedAt).toISOString(),
  };
}

export function demoStateDto(s: DemoState): DemoStateDto {
  return {
    connector: s.connector && { ...s.connector },
    connection: s.connection && connectionDto(s.connection),
  };
}

export function demoInvokeDto(r: DemoInvocation): DemoInvokeDto {
  const e = r.exchange;
  return {
    tool: r.tool,
    ok: r.ok,
    output: r.output,
    error: r.error,
    durationMs: r.durationMs,
    requestId: r.requestId,
    exchangeId: r.exchangeId,
    request: e
      ? {
          method: e.method,
          url: e.url,
          headers: e.requestHeaders.map(([n, v]) => [n, v]),
          body: parseBody(e.requestBody),
        }
      : null,
    response: e
      ? { status: e.responseStatus ?? null, body: e.responseBody ? parseBody(e.responseBody) : null }
      : null,
  };
}

function parseBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function conformanceDto(
  runId: string,
  report: ConformanceReport,
  history: RunHistoryDto,
): ConformanceReportDto {
  return { runId, history: { ...history }, ...report, unreachable: unreachableReason(report) };
}

/** A step result for the UI: the diagnosis without its candidate secrets, only what a person reads. */
export function scenarioStepDto(r: StepResult): ScenarioStepResultDto {
  const d = r.diagnosis;
  return {
    ...r,
    mismatches: r.mismatches.map((m) => ({ ...m })),
    faults: [...r.faults],
    diagnosis: d
      ? {
          verdict: d.verdict,
          failedCheck: d.failedCheck,
          cause: d.cause ? { id: d.cause.id, title: d.cause.title } : null,
          summary: d.summary,
        }
      : null,
  };
}

/** A load run's progress; a run by count also carries the duration cap, but the count is the plan shown. */
export function loadProgressDto(runId: string, p: LoadProgress, plannedRequests?: number): LoadProgressDto {
  return {
    runId,
    ...p,
    point: { ...p.point },
    plannedMs: plannedRequests === undefined ? p.plannedMs : null,
    plannedRequests: plannedRequests ?? null,
  };
}

export function retentionDto(history: History, retention: RetentionPruner): HistoryRetentionDto {
  return {
    ...retention.settings(),
    total: history.count(),
    lastPrune: retention.last ? { ...retention.last } : null,
  };
}

export function listenStatusDto(s: LiveTrafficStatus): ListenStatusDto {
  return { ...s, secretFingerprints: [...s.secretFingerprints] };
}

export function listenRequestDto(e: LiveTrafficEvent): ListenRequestEventDto {
  return {
    exchangeId: e.exchangeId,
    startedAt: e.startedAt,
    method: e.method,
    path: e.path,
    requestType: e.requestType,
    tool: e.tool,
    verdict: e.verdict,
    cause: e.cause,
    matchedSecret: e.matchedSecret,
    status: e.status,
    durationMs: e.durationMs,
  };
}

/** The sent-vs-received pairing of one exchange: its role, its peer and what differs between them. */
export function pairingDto(p: Pairing | null): PairingDto | null {
  return p ? { role: p.role, peerId: p.peerId, ...p.diff, headersDiffer: [...p.diff.headersDiffer] } : null;
}
