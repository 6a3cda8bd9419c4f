// Connection test (decisions.md 3): one ping through the manager, then the status rule —
// healthy (valid pong, fast, same version, clock close), degraded (valid with a warning), failing.

import { PROTOCOL_VERSION } from '../protocol/index.ts';
import { previewJson } from '../client/index.ts';
import { PlatformError } from './errors.ts';
import type { ManagerResult } from './manager.ts';
import type { PlatformContext } from './context.ts';
import type { ConnectionRegistry } from './connections.ts';
import type { TestReport } from './types.ts';
import { statement } from '../store/database.ts';

export const DEFAULT_HEALTHY_LATENCY_MS = 2_000;
export const MAX_CLOCK_OFFSET_S = 60;

export interface PongAssessment {
  latencyMs: number | null;
  exchangeIds: number[];
  now: Date;
  healthyLatencyMs: number;
}

/** The status rule alone, from a finished ping (pure, so every branch is testable). */
export function assessPing(result: ManagerResult, a: PongAssessment): TestReport {
  const base = {
    tested_at: a.now.toISOString(),
    request_id: result.requestId,
    trace_id: result.traceId,
    attempts: result.attempts.length,
    exchange_ids: a.exchangeIds,
    latency_ms: a.latencyMs === null ? null : Math.round(a.latencyMs * 10) / 10,
  };
  if (!result.ok)
    return {
      ...base,
      status: 'failing',
      ok: false,
      clock_offset_s: null,
      error: { code: result.code, message: result.message },
      warnings: [],
    };

  const pong = result.json as Record<string, unknown>;
  const warnings: string[] = [];
  if (pong.protocol_version === undefined && pong.time === undefined)
    warnings.push(
      'the pong is bare {"type":"pong"}: add "protocol_version" and "time" (decisions.md 2) so the platform can check version and clock',
    );
  else if (pong.protocol_version === undefined) warnings.push('the pong has no "protocol_version"');
  else if (pong.protocol_version !== PROTOCOL_VERSION)
    warnings.push(
      `the pong says protocol_version ${previewJson(pong.protocol_version, 40)}; the platform speaks "${PROTOCOL_VERSION}"`,
    );

  let offset: number | null = null;
  if (typeof pong.time === 'number' && Number.isFinite(pong.time)) {
    // The connector read its clock about half-way through the exchange.
    const platformSeconds = a.now.getTime() / 1000 - (a.latencyMs ?? 0) / 2000;
    offset = Math.round((pong.time - platformSeconds) * 10) / 10;
    if (Math.abs(offset) >= MAX_CLOCK_OFFSET_S)
      warnings.push(
        `the connector clock is ${Math.abs(offset)} s ${offset > 0 ? 'ahead' : 'behind'}; signed requests fail beyond its skew window (300 s by default)`,
      );
  } else if (pong.time !== undefined)
    warnings.push(`the pong "time" must be unix seconds as a number, got ${previewJson(pong.time, 40)}`);
  else if (pong.protocol_version !== undefined)
    warnings.push('the pong has no "time"; the clock offset cannot be measured');

  if (a.latencyMs !== null && a.latencyMs > a.healthyLatencyMs)
    warnings.push(`the pong took ${Math.round(a.latencyMs)} ms; healthy is under ${a.healthyLatencyMs} ms`);
  if (result.attempts.length > 1)
    warnings.push(
      `the ping needed ${result.attempts.length} attempts (${result.attempts
        .slice(0, -1)
        .map((x) => x.code)
        .join(', ')})`,
    );

  return {
    ...base,
    status: warnings.length ? 'degraded' : 'healthy',
    ok: true,
    clock_offset_s: offset,
    error: null,
    warnings,
  };
}

export async function testConnection(
  ctx: PlatformContext,
  registry: ConnectionRegistry,
  id: string,
): Promise<TestReport> {
  const row = registry.row(id);
  let report: TestReport;
  try {
    const result = await ctx.manager.ping(registry.target(id));
    // Latency is the round trip of an answer: a refused or timed-out ping measured no latency at all.
    const latency = result.last?.response ? result.last.timing.totalMs : null;
    report = assessPing(result, {
      latencyMs: latency,
      exchangeIds: await ctx.manager.committedIds(result),
      now: ctx.now(),
      healthyLatencyMs: ctx.healthyLatencyMs,
    });
  } catch (err) {
    if (!(err instanceof PlatformError) || err.code !== 'validation_error') throw err;
    report = {
      status: 'failing',
      ok: false,
      latency_ms: null,
      clock_offset_s: null,
      error: { code: 'no_webhook_url', message: err.message },
      warnings: [],
      tested_at: ctx.now().toISOString(),
      request_id: '',
      trace_id: '',
      attempts: 0,
      exchange_ids: [],
    };
  }
  statement(
    ctx.db,
    'UPDATE sdk_connections SET status = ?, last_tested_at = ?, last_test = ? WHERE id = ?',
  ).run(report.status, report.tested_at, JSON.stringify(report), row.id);
  return report;
}
