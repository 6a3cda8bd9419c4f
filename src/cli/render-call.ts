// What a signed call from `ctb ping | tools | invoke` looked like and what it means: the verdict
// (did the connector answer success for this request type), the terminal view and the JSON object.

import { nowSeconds, safeText } from '../protocol/index.ts';
import type { RequestType, ToolDefinition } from '../protocol/index.ts';
import { CUT_MARKER, MAX_JSON_DEPTH, parseBounded } from '../client/index.ts';
import type { CallResult, CallTiming, SignedCallResult } from '../client/index.ts';
import { headerLines, table, wrap } from './render.ts';

export interface CallVerdict {
  ok: boolean;
  /** `pong`, `capabilities`, `tools`, `result`, an error code, `http_<status>`, or a network error code. */
  kind: string;
  message: string;
}

const SUCCESS_TYPE: Record<RequestType, string[]> = {
  ping: ['pong'],
  'capabilities.list': ['capabilities'],
  'tools.list': ['tools'],
  'tool.invoke': ['result'],
};

export function verdictOf(type: RequestType, result: SignedCallResult): CallVerdict {
  if (result.error) return { ok: false, kind: result.error.code, message: result.error.message };
  const res = result.response!;
  const json = result.json as
    { type?: unknown; code?: unknown; message?: unknown; error?: unknown } | undefined;
  if (json && json.type === 'error')
    return {
      ok: false,
      kind: String(json.code ?? 'error'),
      message: `the connector answered error ${String(json.code)}: ${String(json.message ?? '')}`,
    };
  if (res.status < 200 || res.status > 299) {
    const hint = res.status === 404 ? ' (is the path right? the default endpoint is /service)' : '';
    const code = json && typeof json.error === 'string' ? ` ${json.error}` : '';
    return {
      ok: false,
      kind: `http_${res.status}`,
      message: `the connector answered HTTP ${res.status}${code}${hint}`,
    };
  }
  if (json === undefined && parseBounded(res.body).kind === 'too_deep')
    return {
      ok: false,
      kind: 'answer_too_deep',
      message: `the answer nests JSON deeper than ${MAX_JSON_DEPTH} levels; it was kept as bytes, not parsed`,
    };
  if (json === undefined) return { ok: false, kind: 'not_json', message: 'the answer body is not JSON' };
  const expected = SUCCESS_TYPE[type];
  if (typeof json.type === 'string' && expected.includes(json.type))
    return { ok: true, kind: json.type, message: successMessage(type, result.json) };
  return {
    ok: false,
    kind: 'unexpected_answer',
    message: `expected an answer of type ${expected.join(' or ')}, got ${JSON.stringify(json.type ?? null)}`,
  };
}

function successMessage(type: RequestType, json: unknown): string {
  const answer = json as { time?: unknown; tools?: ToolDefinition[] };
  if (type === 'ping') {
    if (typeof answer.time !== 'number') return 'pong';
    const offset = nowSeconds() - answer.time;
    return `pong (connector clock ${offset === 0 ? 'in step with this one' : `${Math.abs(offset)} s ${offset > 0 ? 'behind' : 'ahead'}`})`;
  }
  if (type === 'capabilities.list' || type === 'tools.list') return `${answer.tools?.length ?? 0} tool(s)`;
  return 'result';
}

function formatTiming(t: CallTiming): string {
  const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} ms`);
  return `connect ${t.reusedConnection ? 'reused' : ms(t.connectMs)}, first byte ${ms(t.firstByteMs)}, total ${ms(t.totalMs)}`;
}

/** Characters of an indented JSON body shown on the terminal; --json prints the whole answer. */
const MAX_BODY_CHARS = 64 * 1024;

function bodyText(body: Buffer, json: unknown): string[] {
  if (body.length === 0) return ['(empty)'];
  if (json !== undefined) {
    const text = JSON.stringify(json, null, 2);
    if (text.length <= MAX_BODY_CHARS) return text.split('\n');
    return [
      ...text.slice(0, MAX_BODY_CHARS).split('\n'),
      `${CUT_MARKER} (${body.length} bytes in all; --json prints the whole answer)`,
    ];
  }
  const safe = safeText(body);
  return [safe.text + (safe.truncated ? ` …[${safe.totalBytes} bytes in all]` : '')];
}

export function callLines(type: RequestType, result: SignedCallResult, verdict: CallVerdict): string[] {
  const req = result.request;
  const rows: Array<[string, string | string[]]> = [];
  rows.push(['request', [`${req.method} ${req.url}`, ...headerLines(req.headers)]]);
  rows.push(['body', bodyText(req.body, parseOrUndefined(req.body))]);
  rows.push([
    'signed',
    [
      result.signing.canonical,
      `(timestamp ${result.signing.timestamp}, secret ${result.signing.secretFingerprint})`,
    ],
  ]);
  if (result.signing.faults.length) rows.push(['faults', result.signing.faults]);
  if (result.original) rows.push(['1st answer', firstDelivery(result.original)]);
  if (result.response) {
    rows.push(['answer', [`HTTP ${result.response.status}`, ...headerLines(result.response.headers)]]);
    rows.push(['', bodyText(result.response.body, result.json)]);
  }
  rows.push(['timing', formatTiming(result.timing)]);
  if (verdict.ok && (type === 'capabilities.list' || type === 'tools.list'))
    rows.push(['tools', toolLines(result.json)]);
  rows.push(['outcome', wrap(`${verdict.ok ? 'ok' : 'FAILED'}: ${verdict.message}`, 88)]);
  return table(rows);
}

function firstDelivery(first: CallResult): string {
  if (first.error) return `${first.error.code}: ${first.error.message}`;
  return `HTTP ${first.response!.status} ${first.response!.body.toString('utf8').slice(0, 120)}`;
}

/** Connector-supplied text made safe for a terminal: no escape sequences, one line, clipped. */
function printable(value: unknown, max = 72): string {
  // eslint-disable-next-line no-control-regex
  const text = String(value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

function toolList(json: unknown): Array<Partial<ToolDefinition>> {
  const tools = (json as { tools?: unknown } | undefined)?.tools;
  return Array.isArray(tools)
    ? tools.map((t) => (typeof t === 'object' && t !== null ? (t as Partial<ToolDefinition>) : {}))
    : [];
}

function paramNames(tool: Partial<ToolDefinition>): string {
  const schema = (tool.input_schema ?? {}) as { properties?: unknown; required?: unknown };
  const props = typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const names = Object.keys(props).map((n) => printable(n, 40) + (required.includes(n) ? '*' : ''));
  return names.length ? names.join(', ') : '(none)';
}

/** Tools listed one per line on the terminal; a longer list ends with a count (--json has them all). */
const MAX_TOOL_LINES = 200;

function toolLines(json: unknown): string[] {
  const all = toolList(json);
  if (all.length === 0) return ['(none)'];
  const tools = all.slice(0, MAX_TOOL_LINES);
  const names = tools.map((t) => printable(t.name ?? '(no name)', 40));
  const width = names.reduce((w, n) => Math.max(w, n.length), 0);
  const lines = tools.map(
    (t, i) =>
      `${names[i].padEnd(width)}  ${t.chat === false ? '[off chat] ' : ''}${printable(t.description)}`,
  );
  if (all.length > tools.length) lines.push(`…and ${all.length - tools.length} more (--json lists them all)`);
  return lines;
}

function countBy(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
}

/**
 * The default view of a successful `ctb tools`: what the connector offers, readable at a glance.
 * The exchange itself (headers, signed string, the whole answer body) is behind --verbose and --json.
 */
export function toolsSummaryLines(
  type: RequestType,
  result: SignedCallResult,
  verdict: CallVerdict,
): string[] {
  const tools = toolList(result.json);
  const onChat = tools.filter((t) => t.chat !== false).length;
  const rows: Array<[string, string | string[]]> = [
    [
      'connector',
      `${result.request.url}  ${type} → HTTP ${result.response?.status ?? '—'}, ${result.timing.totalMs.toFixed(1)} ms`,
    ],
    [
      'tools',
      [
        `${tools.length} tool(s): ${onChat} on chat, ${tools.length - onChat} off chat` +
          (tools.length ? `; auth: ${countBy(tools.map((t) => printable(t.auth ?? 'unset', 20)))}` : ''),
        ...toolLines(result.json),
      ],
    ],
  ];
  if (tools.length) {
    const shown = tools.slice(0, MAX_TOOL_LINES);
    const lines = shown.map((t) => `${printable(t.name ?? '(no name)', 40)}: ${paramNames(t)}`);
    if (tools.length > shown.length) lines.push(`…and ${tools.length - shown.length} more`);
    rows.push(['parameters', lines]);
  }
  const metadata = (result.json as { metadata?: Record<string, unknown> } | undefined)?.metadata;
  if (metadata && typeof metadata === 'object') {
    const n = (k: string) => (Array.isArray(metadata[k]) ? (metadata[k] as unknown[]).length : 0);
    rows.push(['metadata', `${n('events')} event(s), ${n('actions')} action(s), ${n('tasks')} task(s)`]);
  }
  rows.push(['outcome', `${verdict.ok ? 'ok' : 'FAILED'}: ${verdict.message}`]);
  rows.push(['', '(--verbose shows the whole signed exchange, --json prints it as one JSON object)']);
  return table(rows);
}

function parseOrUndefined(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The machine-readable form: no secret, bodies as text, the parsed answer as `json`. */
export function callJson(type: RequestType, result: SignedCallResult, verdict: CallVerdict): object {
  const exchange = (r: CallResult) => ({
    request: {
      method: r.request.method,
      url: r.request.url,
      headers: r.request.headers,
      body: r.request.body.toString('utf8'),
    },
    response: r.response
      ? { status: r.response.status, headers: r.response.headers, body: r.response.body.toString('utf8') }
      : null,
    error: r.error,
    timing: r.timing,
    startedAt: r.startedAt,
  });
  return {
    ok: verdict.ok,
    type,
    outcome: verdict,
    ...exchange(result),
    json: result.json ?? null,
    signing: result.signing,
    ...(result.original ? { original: exchange(result.original) } : {}),
  };
}
