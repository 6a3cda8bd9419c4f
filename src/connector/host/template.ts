// `{{...}}` templates in the string values of a static output: rendered per call from the request's
// parameters and envelope. A value that is one whole template keeps the JSON type of what it names.

import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../protocol/index.ts';
import type { ToolContext } from '../index.ts';

/** The call a handler sees (its ToolContext), with the parameters and the call's clock. */
export interface TemplateScope extends ToolContext {
  parameters: JsonObject;
  /** Epoch milliseconds of the call. */
  nowMs: number;
}

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]*?)\s*\}\}$/;
const SIMPLE_ROOTS = [
  'request_id',
  'conversation_id',
  'organization_id',
  'channel',
  'tool',
  'trace_id',
  'now',
  'now_unix',
  'uuid',
];
const PATH_ROOTS = ['parameters', 'identity'];
export const TEMPLATE_NAMES = [...PATH_ROOTS.flatMap((r) => [r, `${r}.<path>`]), ...SIMPLE_ROOTS];

/** A template names a parameter the call did not send. */
export class TemplateError extends Error {
  readonly at: string;
  readonly expression: string;

  constructor(at: string, expression: string, missing: string) {
    super(`the template {{${expression}}} at ${at} names ${missing}, which this call did not send`);
    this.name = 'TemplateError';
    this.at = at;
    this.expression = expression;
  }
}

/** Why an expression can never render (checked when a definition is saved), or null. */
export function checkExpression(expression: string): string | null {
  if (SIMPLE_ROOTS.includes(expression)) return null;
  const [root, ...rest] = expression.split('.');
  if (PATH_ROOTS.includes(root)) {
    if (rest.some((k) => k === ''))
      return `{{${expression}}} has an empty step; write e.g. {{${root}.sku}} or {{${root}}}`;
    return null;
  }
  return `unknown template {{${expression}}}; use one of ${TEMPLATE_NAMES.map((n) => `{{${n}}}`).join(', ')}`;
}

/** Every template expression in the string values of `value`, with its JSON pointer. */
export function* templatesIn(
  value: unknown,
  pointer = '',
): Generator<{ pointer: string; expression: string }> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(TEMPLATE)) yield { pointer, expression: m[1] };
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* templatesIn(value[i], `${pointer}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* templatesIn(v, `${pointer}/${escapePointer(k)}`);
  }
}

export function render(value: unknown, scope: TemplateScope, at = 'output'): unknown {
  if (typeof value === 'string') return renderString(value, scope, at);
  if (Array.isArray(value)) return value.map((v, i) => render(v, scope, `${at}/${i}`));
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = render(v, scope, `${at}/${escapePointer(k)}`);
    return out;
  }
  return value;
}

function renderString(text: string, scope: TemplateScope, at: string): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return resolve(whole[1], scope, at) ?? null;
  return text.replace(TEMPLATE, (_m, expression: string) => {
    const v = resolve(expression, scope, at);
    if (v === undefined || v === null) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}

function resolve(expression: string, scope: TemplateScope, at: string): unknown {
  switch (expression) {
    case 'request_id':
      return scope.requestId;
    case 'conversation_id':
      return scope.conversationId;
    case 'organization_id':
      return scope.organizationId;
    case 'channel':
      return scope.channel;
    case 'tool':
      return scope.tool;
    case 'trace_id':
      return scope.traceId;
    case 'now':
      return new Date(scope.nowMs).toISOString();
    case 'now_unix':
      return Math.floor(scope.nowMs / 1000);
    case 'uuid':
      return randomUUID();
  }
  const [root, ...path] = expression.split('.');
  if (root === 'identity') return walk(scope.identity, path);
  if (root === 'parameters') {
    const v = walk(scope.parameters, path);
    // A missing parameter is the tool author's bug or the caller's: either way, say which one.
    if (v === undefined) throw new TemplateError(at, expression, `parameter "${path.join('.')}"`);
    return v;
  }
  // Unknown names are refused at save time; a stored definition from an older version renders empty.
  return undefined;
}

function walk(value: unknown, path: string[]): unknown {
  let cur = value;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
