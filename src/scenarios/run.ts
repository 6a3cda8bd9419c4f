// Running a collection: each step built and signed by the signing client (faults included), byte-level
// overrides applied, the answer checked, the sent request diagnosed with the target's secret.

import { performance } from 'node:perf_hooks';
import { explain, HEADER_SIGNATURE, HEADER_TIMESTAMP, nowSeconds, sign } from '../protocol/index.ts';
import { buildRequest, prepareSignedRequest, rawCall, parseBounded, parseJson } from '../client/index.ts';
import type { CallResult, Faults, RawRequest } from '../client/index.ts';
import { check } from './expect.ts';
import type {
  RunReport,
  Scenario,
  ScenarioFaults,
  ScenarioRequest,
  ScenarioStep,
  StepResult,
} from './types.ts';
import { interpolate, pick, placeholders, VariableError } from './variables.ts';
import type { Variables } from './variables.ts';

export interface RunTarget {
  url: string;
  secret: string;
  /** The receiver's window used for the diagnosis; default 300 s. */
  toleranceSeconds?: number;
}

export interface RunOptions {
  /** Variables over every file's own (an --env file, then --var). */
  variables?: Variables;
  bail?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Each exchange as sent and answered; returns its History id when recorded. */
  record?: (
    call: CallResult,
    step: ScenarioStep,
    result: Omit<StepResult, 'exchangeId'>,
  ) => number | null | void;
  onStep?: (result: StepResult) => void;
  now?: () => number;
}

export function toFaults(f: ScenarioFaults | undefined): Faults | undefined {
  if (!f) return undefined;
  const faults: Faults = {};
  if (f['skew-offset'] !== undefined) faults.skewOffsetSeconds = f['skew-offset'];
  if (f['wrong-secret']) faults.wrongSecret = true;
  if (f['tamper-body']) faults.tamperBody = true;
  if (f['drop-header']?.length) faults.dropHeaders = f['drop-header'];
  if (f['header-case']) faults.headerCase = f['header-case'];
  if (f['protocol-version'] !== undefined) faults.protocolVersion = f['protocol-version'];
  if (f.replay) faults.replay = true;
  return Object.keys(faults).length > 0 ? faults : undefined;
}

function bodyOf(r: ScenarioRequest): object | string {
  if (r.rawBody !== undefined) return r.rawBody;
  return buildRequest(
    r.type,
    r.type === 'tool.invoke' ? { tool: r.tool, parameters: r.parameters ?? {} } : {},
  );
}

/** Signature and timestamp recomputed for what a byte-level case says was signed, where the faults left them. */
function applyOverrides(
  request: RawRequest,
  r: ScenarioRequest,
  secret: string,
  timestamp: string,
): RawRequest {
  if (r.signedBody === undefined && r.signingSecret === undefined && r.timestamp === undefined)
    return request;
  const ts = r.timestamp ?? timestamp;
  const signed = sign(r.signingSecret ?? secret, r.signedBody ?? request.body, { timestamp: ts });
  const headers = request.headers.map(([name, value]): [string, string] => {
    const lower = name.toLowerCase();
    if (lower === HEADER_SIGNATURE) return [name, signed[HEADER_SIGNATURE]];
    if (lower === HEADER_TIMESTAMP) return [name, ts];
    return [name, value];
  });
  return { ...request, headers };
}

/** Names every run defines itself: the target's secret and the clock. */
export const BUILTIN_VARIABLES = ['secret', 'now', 'nowMs'];

/**
 * Refuses a collection that uses a variable nothing defines (the file, --env, --var, a capture of an
 * earlier step, or a built-in), naming the file and line: a broken file, caught before anything is sent.
 */
export function checkVariables(scenarios: Scenario[], given: Variables = {}): void {
  for (const scenario of scenarios) {
    const known = new Set([...BUILTIN_VARIABLES, ...Object.keys(scenario.variables), ...Object.keys(given)]);
    for (const step of scenario.steps) {
      for (const name of placeholders([step.request, step.expect]))
        if (!known.has(name))
          throw new VariableError(
            `${scenario.file}:${step.line}: step "${step.name}" uses {{${name}}}, which nothing defines (variables, --env, --var, or a capture of an earlier step)`,
          );
      for (const name of Object.keys(step.capture ?? {})) known.add(name);
    }
  }
}

export async function runCollection(
  scenarios: Scenario[],
  target: RunTarget,
  options: RunOptions = {},
): Promise<RunReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const results: StepResult[] = [];
  const total = scenarios.reduce((n, s) => n + s.steps.length, 0);
  let stop = false;
  for (const scenario of scenarios) {
    const vars: Variables = {
      ...scenario.variables,
      ...options.variables,
      secret: target.secret,
    };
    for (const step of scenario.steps) {
      if (stop || options.signal?.aborted) break;
      const now = options.now ?? nowSeconds;
      vars.now = String(now());
      vars.nowMs = String(now() * 1000);
      const result = await runStep(scenario, step, vars, target, options);
      results.push(result);
      options.onStep?.(result);
      if (!result.passed && options.bail) stop = true;
    }
  }
  const passed = results.filter((r) => r.passed).length;
  return {
    target: target.url,
    startedAt,
    durationMs: performance.now() - started,
    scenarios: scenarios.length,
    steps: total,
    passed,
    failed: results.length - passed,
    skipped: total - results.length,
    results,
  };
}

async function runStep(
  scenario: Scenario,
  step: ScenarioStep,
  vars: Variables,
  target: RunTarget,
  options: RunOptions,
): Promise<StepResult> {
  const base = { scenario: scenario.name, file: scenario.file, step: step.name, line: step.line };
  let request: ScenarioRequest;
  let expect: ScenarioStep['expect'];
  try {
    request = interpolate(step.request, vars, `${scenario.file}:${step.line} ${step.name}`);
    expect = interpolate(step.expect, vars, `${scenario.file}:${step.line} ${step.name}`);
  } catch (error) {
    if (!(error instanceof VariableError)) throw error;
    return {
      ...base,
      passed: false,
      mismatches: [],
      error: error.message,
      status: null,
      answerType: null,
      code: null,
      durationMs: 0,
      faults: [],
      diagnosis: null,
      exchangeId: null,
    };
  }
  const faults = toFaults(step.faults);
  const prepared = prepareSignedRequest({
    url: target.url,
    secret: target.secret,
    body: bodyOf(request),
    faults,
    headers: request.headers,
    now: options.now,
  });
  const sent = applyOverrides(prepared.request, request, target.secret, prepared.signing.timestamp);
  const callOptions = { timeoutMs: options.timeoutMs, signal: options.signal };
  if (faults?.replay) await rawCall(sent, callOptions);
  const call = await rawCall(sent, callOptions);
  const json = parseJson(call);
  const diagnosis = explain(sent.body, sent.headers, [target.secret], {
    now: (options.now ?? nowSeconds)(),
    toleranceSeconds: target.toleranceSeconds,
  });
  const durationMs = call.timing.totalMs;
  const mismatches = check(expect, {
    status: call.response?.status ?? null,
    json,
    callError: call.error?.code ?? null,
    durationMs,
    diagnosis,
  });
  const answer = (json ?? null) as Record<string, unknown> | null;
  for (const [name, path] of Object.entries(step.capture ?? {})) {
    const value = pick(answer, path);
    if (value === undefined || value === null)
      mismatches.push({ field: `capture.${name}`, expected: `a value at ${path}`, actual: null });
    else vars[name] = value;
  }
  const partial = {
    ...base,
    passed: mismatches.length === 0,
    mismatches,
    error: null,
    status: call.response?.status ?? null,
    answerType: typeof answer?.type === 'string' ? answer.type : null,
    code:
      call.error?.code ??
      (answer?.type === 'error' && typeof answer.code === 'string'
        ? answer.code
        : // Named as the platform names it: the bytes were kept, not parsed.
          json === undefined && parseBounded(call.response?.body).kind === 'too_deep'
          ? 'answer_too_deep'
          : null),
    durationMs,
    faults: prepared.signing.faults,
    diagnosis,
  };
  const exchangeId = options.record?.(call, step, partial) ?? null;
  return { ...partial, exchangeId };
}
