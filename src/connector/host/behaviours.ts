// Runs a tool's behaviour for one call. Protocol answers go back through the SDK (an output, or a
// ToolError); transport faults (http, close, slow) are left in the call's side channel for the server.

import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JsonObject } from '../../protocol/index.ts';
import { ToolError } from '../index.ts';
import type { ToolContext } from '../index.ts';
import { SCRIPT_DEFAULTS } from './definition.ts';
import type { Behaviour, HttpBehaviour, SlowBehaviour } from './definition.ts';
import type { ScriptLog, ScriptRunner } from './script-runner.ts';
import { TemplateError, render } from './template.ts';

export type TransportFault =
  | { kind: 'http'; status: number; retryAfter?: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'close' };

export interface SlowSend {
  bytesPerSecond?: number;
  chunkDelayMs?: number;
  chunkBytes: number;
}

/**
 * What one request's behaviour asked of the transport, plus what the log shows about it. The
 * host's server creates it per request and the handler finds it through AsyncLocalStorage, so the
 * SDK's transport-free handle() stays unaware of faults.
 */
export interface CallState {
  fault: TransportFault | null;
  slow: SlowSend | null;
  /** Behaviours that ran, outermost first, e.g. `sequence step 2/3`, `http 500`. */
  steps: string[];
  scriptLogs: ScriptLog[];
}

export const callStore = new AsyncLocalStorage<CallState>();

export function newCallState(): CallState {
  return { fault: null, slow: null, steps: [], scriptLogs: [] };
}

export type BuiltinTool = (tool: string, parameters: JsonObject, ctx: ToolContext) => Promise<JsonObject>;

/** The behaviours of one running connector: sequence counters live (and reset) with it. */
export class BehaviourEngine {
  private readonly counters = new Map<string, number>();
  private readonly scripts: ScriptRunner;
  private readonly builtin: BuiltinTool | null;

  constructor(scripts: ScriptRunner, builtin: BuiltinTool | null = null) {
    this.scripts = scripts;
    this.builtin = builtin;
  }

  /** `at` names the behaviour in the definition (`/tools/2/behaviour`): the key of its counters. */
  async run(b: Behaviour, at: string, parameters: JsonObject, ctx: ToolContext): Promise<JsonObject> {
    const state = callStore.getStore();
    const step = (label: string) => state?.steps.push(label);
    switch (b.type) {
      case 'static':
        step('static');
        try {
          return render(b.output, { ...ctx, parameters, nowMs: Date.now() }) as JsonObject;
        } catch (err) {
          if (err instanceof TemplateError)
            throw new ToolError('tool_error', err.message, { template: err.expression, at: err.at });
          throw err;
        }
      case 'script':
        step('script');
        return this.runScript(
          b.source,
          b.timeoutMs ?? SCRIPT_DEFAULTS.timeoutMs,
          b.memoryMb ?? SCRIPT_DEFAULTS.memoryMb,
          parameters,
          ctx,
          state,
        );
      case 'error':
        step(`error ${b.code}`);
        throw new ToolError(b.code, b.message);
      case 'delay':
        step(`delay ${b.ms} ms`);
        await sleep(b.ms);
        return this.run(b.then, `${at}/then`, parameters, ctx);
      case 'sequence': {
        // Counted when the call arrives, so concurrent calls take successive steps.
        const n = this.counters.get(at) ?? 0;
        this.counters.set(at, n + 1);
        const index = b.loop ? n % b.steps.length : Math.min(n, b.steps.length - 1);
        step(`sequence step ${index + 1}/${b.steps.length} (call ${n + 1})`);
        return this.run(b.steps[index], `${at}/steps/${index}`, parameters, ctx);
      }
      case 'http':
        step(describeHttp(b));
        requireTransport(state, 'http').fault = {
          kind: 'http',
          status: b.status,
          retryAfter: b.retryAfter,
          body: b.body,
          headers: b.headers,
        };
        return {};
      case 'close':
        step('close');
        requireTransport(state, 'close').fault = { kind: 'close' };
        return {};
      case 'slow':
        step(describeSlow(b));
        requireTransport(state, 'slow').slow = {
          bytesPerSecond: b.bytesPerSecond,
          chunkDelayMs: b.chunkDelayMs,
          chunkBytes: b.chunkBytes ?? 16,
        };
        return b.then ? this.run(b.then, `${at}/then`, parameters, ctx) : {};
      case 'builtin':
        step('builtin');
        if (!this.builtin)
          throw new ToolError(
            'tool_error',
            `tool "${ctx.tool}" has a builtin behaviour, but this connector has no built-in implementation`,
          );
        return this.builtin(ctx.tool, parameters, ctx);
    }
  }

  private async runScript(
    source: string,
    timeoutMs: number,
    memoryMb: number,
    parameters: JsonObject,
    ctx: ToolContext,
    state: CallState | undefined,
  ): Promise<JsonObject> {
    const outcome = await this.scripts.run({ source, timeoutMs, memoryMb, parameters, context: { ...ctx } });
    state?.scriptLogs.push(...outcome.logs);
    if (outcome.ok) return outcome.output;
    throw new ToolError(outcome.code, outcome.message, {
      script: outcome.reason,
      durationMs: outcome.durationMs,
    });
  }
}

function requireTransport(state: CallState | undefined, kind: string): CallState {
  if (!state)
    throw new ToolError(
      'tool_error',
      `the "${kind}" behaviour needs the local connector host's HTTP server; it cannot run through handle() alone`,
    );
  return state;
}

export function describeHttp(b: Pick<HttpBehaviour, 'status' | 'retryAfter'>): string {
  return `http ${b.status}${b.retryAfter === undefined ? '' : ` (Retry-After ${b.retryAfter} s)`}`;
}

export function describeSlow(
  b: Pick<SlowBehaviour, 'bytesPerSecond' | 'chunkDelayMs' | 'chunkBytes'>,
): string {
  return b.bytesPerSecond !== undefined
    ? `slow ${b.bytesPerSecond} B/s`
    : `slow ${b.chunkBytes ?? 16} B every ${b.chunkDelayMs} ms`;
}
