// runLoad: signed load over `connections` keep-alive HTTP/1.1 connections, closed loop (as fast as
// each connection answers) or open loop at a constant rate with latency from the intended send time.

import { setTimeout as sleep } from 'node:timers/promises';
import { PLATFORM_TIMEOUT_MS } from '../protocol/index.ts';
import { classifyAnswer, classifyError } from './classify.ts';
import type { Outcome } from './classify.ts';
import { describeSpec, RequestSource } from './request-source.ts';
import type { PreparedRequest } from './request-source.ts';
import { LoadStats } from './stats.ts';
import { Http1Connection } from './http1.ts';
import { evaluateThreshold, parseThreshold } from './thresholds.ts';
import type { LoadExchange, LoadHooks, LoadOptions, LoadReport } from './types.ts';

export const DEFAULT_CONNECTIONS = 10;
export const DEFAULT_DURATION_MS = 10_000;

interface Plan {
  /** Epoch of the run in performance.now() milliseconds. */
  t0: number;
  deadline: number;
  limit: number;
  intervalMs: number | null;
  issued: number;
  stopped: boolean;
}

/** The next request's intended start (performance.now() ms), or null when the run is complete. */
function take(plan: Plan): number | null {
  if (plan.stopped || plan.issued >= plan.limit) return null;
  const now = performance.now();
  const intended = plan.intervalMs === null ? now : plan.t0 + plan.issued * plan.intervalMs;
  if (intended >= plan.deadline || (plan.intervalMs === null && now >= plan.deadline)) return null;
  plan.issued++;
  return intended;
}

function exchangeOf(
  request: PreparedRequest,
  startedAt: number,
  durationMs: number,
  outcome: Outcome,
  status: number | null,
  answer: Buffer | null,
): LoadExchange {
  const headers: Array<[string, string]> = [];
  for (let i = 0; i < request.headers.length; i += 2)
    headers.push([request.headers[i], request.headers[i + 1]]);
  const code = outcome.ok
    ? null
    : (outcome.code ?? (outcome.status === null ? outcome.key : `http_${outcome.status}`));
  return { headers, body: request.body, status, answer, ok: outcome.ok, code, startedAt, durationMs };
}

export async function runLoad(options: LoadOptions, hooks: LoadHooks = {}): Promise<LoadReport> {
  // Thresholds are parsed before any request is sent: a typo must not cost a whole run.
  const thresholds = (options.thresholds ?? []).map(parseThreshold);
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const timeoutMs = options.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  const url = new URL(options.url);
  const source = new RequestSource(options.request, options.secret, options.traceId);
  const stats = new LoadStats();
  const durationMs =
    options.requests === undefined ? (options.durationMs ?? DEFAULT_DURATION_MS) : options.durationMs;
  const startedAt = new Date();
  const t0 = performance.now();
  const plan: Plan = {
    t0,
    deadline: durationMs === undefined ? Infinity : t0 + durationMs,
    limit: options.requests ?? Infinity,
    intervalMs: options.rate ? 1000 / options.rate : null,
    issued: 0,
    stopped: false,
  };
  const plannedMs =
    durationMs ?? (options.rate && options.requests ? (options.requests / options.rate) * 1000 : null);
  const clients = Array.from({ length: connections }, () => new Http1Connection(url, timeoutMs));
  const stop = () => (plan.stopped = true);
  options.signal?.addEventListener('abort', stop, { once: true });

  let lastCut = t0;
  const ticker = setInterval(() => {
    const now = performance.now();
    const point = stats.cut(now - t0);
    const rps = Math.round((point.requests / ((now - lastCut) / 1000)) * 10) / 10;
    lastCut = now;
    hooks.onProgress?.({
      elapsedMs: Math.round(now - t0),
      plannedMs,
      requests: stats.requests,
      errors: stats.errors,
      rps,
      point,
    });
  }, 1000);

  const worker = async (client: Http1Connection) => {
    for (let intended = take(plan); intended !== null; intended = take(plan)) {
      const wait = intended - performance.now();
      if (wait > 1) await sleep(wait);
      const request = source.next();
      const start = plan.intervalMs === null ? performance.now() : intended;
      const sentAt = hooks.onExchange ? Date.now() : 0;
      try {
        const answer = await client.send(request.headers, request.body);
        const outcome = classifyAnswer(answer.status, answer.body);
        const ms = performance.now() - start;
        stats.record(ms, outcome, request.body.length, answer.body.length);
        hooks.onExchange?.(exchangeOf(request, sentAt, ms, outcome, answer.status, answer.body));
      } catch (error) {
        const outcome = classifyError(error);
        const ms = performance.now() - start;
        stats.record(ms, outcome, request.body.length, 0);
        hooks.onExchange?.(exchangeOf(request, sentAt, ms, outcome, null, null));
        // A refused connection fails instantly; a short pause keeps a dead target from spinning the CPU.
        await sleep(5);
      }
    }
  };

  try {
    await Promise.all(clients.map(worker));
  } finally {
    clearInterval(ticker);
    options.signal?.removeEventListener('abort', stop);
    for (const c of clients) c.close();
  }
  const elapsed = performance.now() - t0;
  if (stats.hasOpenSlice()) stats.cut(elapsed);
  const report = stats.report(
    {
      url: options.url,
      request: describeSpec(options.request),
      connections,
      rate: options.rate ?? null,
      coordinatedOmissionCorrected: plan.intervalMs !== null,
      startedAt: startedAt.toISOString(),
    },
    elapsed,
  );
  report.thresholds = thresholds.map((t) => evaluateThreshold(t, report, (p) => stats.latencyAt(p)));
  report.passed = report.thresholds.every((t) => t.ok);
  return report;
}
