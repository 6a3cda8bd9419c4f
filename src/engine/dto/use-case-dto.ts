// The use-cases' answers -> the plain DTOs of src/shared: local connectors, the guided demo, a
// conformance report and the History limits, each field listed so nothing engine-side leaks by accident.

import type { ConformanceReport } from '../../conformance/index.ts';
import type {
  ConformanceReportDto,
  DemoInvokeDto,
  DemoStateDto,
  LocalConnectorDto,
  RunHistoryDto,
} from '../../shared/index.ts';
import type { HistoryRetentionDto } from '../../shared/history.ts';
import type { History } from '../../store/history.ts';
import type { DemoInvocation, DemoState } from '../demo/demo.ts';
import type { RetentionPruner } from '../history/retention.ts';
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

export function retentionDto(history: History, retention: RetentionPruner): HistoryRetentionDto {
  return {
    ...retention.settings(),
    total: history.count(),
    lastPrune: retention.last ? { ...retention.last } : null,
  };
}
