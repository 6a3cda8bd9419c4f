// `ctb load --export artillery`: an Artillery script plus a processor (Node built-ins only) that signs
// every request, with the run's shape as phases and its thresholds as `ensure` conditions.

import { DEFAULT_DURATION_MS } from '../engine.ts';
import { parseThreshold } from '../thresholds.ts';
import type { Threshold } from '../thresholds.ts';
import { describeRequest, literal, scriptBody } from './body.ts';
import { LoadExportError } from './types.ts';
import type { ExportedFile, LoadExportSpec } from './types.ts';

export const ARTILLERY_FILE = 'ctb-load.artillery.yml';
export const PROCESSOR_FILE = 'ctb-load.processor.cjs';

/** The percentiles Artillery's summaries carry; any other cannot be checked there. */
const PERCENTILES: Record<number, string> = {
  50: 'median',
  75: 'p75',
  90: 'p90',
  95: 'p95',
  99: 'p99',
  99.9: 'p999',
};

export function artilleryCondition(t: Threshold): string {
  const op = t.op;
  if (t.metric === 'rps') return `http.request_rate ${op} ${t.limit}`;
  if (t.metric === 'errors') return `ctb.errors ${op} ${t.limit}`;
  if (t.metric === 'error_rate') return `ctb.errors / (ctb.errors + ctb.ok) * 100 ${op} ${t.limit}`;
  const stat = t.percentile === 100 ? 'max' : t.percentile === -1 ? 'mean' : PERCENTILES[t.percentile];
  if (!stat)
    throw new LoadExportError(
      `threshold "${t.expression}": Artillery reports p50, p75, p90, p95, p99 and p99.9 only (or max, mean)`,
    );
  return `http.response_time.${stat} ${op} ${t.limit}`;
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

interface Shape {
  phase: { duration: number; arrivalCount: number };
  /** Requests per user: one (open model) or a loop (closed model, as `ctb load -c`). */
  loop: { count: number } | { whileTrue: string } | null;
  runMs: number;
}

function shape(spec: LoadExportSpec): Shape {
  if (spec.rate !== undefined) {
    const runMs =
      spec.requests !== undefined
        ? (spec.requests / spec.rate) * 1000
        : (spec.durationMs ?? DEFAULT_DURATION_MS);
    const duration = secondsOf(runMs);
    return {
      phase: { duration, arrivalCount: spec.requests ?? Math.round(spec.rate * duration) },
      loop: null,
      runMs,
    };
  }
  // Closed model: all users arrive at once, each sends one request after another.
  const users = spec.requests !== undefined ? Math.min(spec.connections, spec.requests) : spec.connections;
  if (spec.requests !== undefined)
    return {
      phase: { duration: 1, arrivalCount: users },
      loop: { count: Math.ceil(spec.requests / users) },
      runMs: 0,
    };
  return {
    phase: { duration: 1, arrivalCount: users },
    loop: { whileTrue: 'ctbWithinRun' },
    runMs: spec.durationMs ?? DEFAULT_DURATION_MS,
  };
}

function scriptYaml(spec: LoadExportSpec, s: Shape, conditions: string[]): string {
  const post = [
    '- post:',
    '    url: "{{ $env.CTB_URL }}"',
    '    beforeRequest: ctbSign',
    '    afterResponse: ctbCheck',
  ];
  const flow = s.loop
    ? [
        '- loop:',
        ...post.map((l) => `    ${l}`),
        'count' in s.loop ? `  count: ${s.loop.count}` : `  whileTrue: ${s.loop.whileTrue}`,
      ]
    : post;
  return [
    `# Artillery script written by ${spec.generator}: signed ${describeRequest(spec.request)}.`,
    `# ${PROCESSOR_FILE} signs every request (Node built-ins only); the secret is read at run time.`,
    `# Run: CTB_URL=https://connector.example/service CTB_SECRET=... npx artillery run ${ARTILLERY_FILE}`,
    'config:',
    '  target: "{{ $env.CTB_URL }}"',
    `  processor: ${literal(`./${PROCESSOR_FILE}`)}`,
    '  http:',
    `    timeout: ${Math.max(1, Math.ceil(spec.timeoutMs / 1000))}`,
    '  phases:',
    `    - duration: ${s.phase.duration}`,
    `      arrivalCount: ${s.phase.arrivalCount}`,
    // Artillery loads its ensure plugin only when it is listed under plugins.
    ...(conditions.length
      ? [
          '  plugins:',
          '    ensure: {}',
          '  ensure:',
          '    conditions:',
          ...conditions.flatMap((c) => [`      - expression: ${literal(c)}`, '        strict: true']),
        ]
      : []),
    'scenarios:',
    `  - name: ${literal(describeRequest(spec.request))}`,
    '    flow:',
    ...flow.map((l) => `      ${l}`),
    '',
  ].join('\n');
}

function processor(spec: LoadExportSpec, s: Shape): string {
  const body = scriptBody(spec.request);
  const bodyDecl =
    body.kind === 'fixed'
      ? `const FIXED_BODY = Buffer.from(${literal(body.base64)}, 'base64');`
      : `const PREFIX = ${literal(body.prefix)};\nconst SUFFIX = ${literal(body.suffix)};`;
  const bodyExpr =
    body.kind === 'fixed' ? 'FIXED_BODY' : "Buffer.from(PREFIX + randomUUID() + SUFFIX, 'utf8')";
  return `// Artillery processor written by ${spec.generator}: signs each request of ${ARTILLERY_FILE}
// (v1 = HMAC-SHA256 of "v1:<timestamp>:<body>") and counts failures as \`ctb load\` does. Node built-ins only.
'use strict';
const { createHmac, randomUUID } = require('node:crypto');

${bodyDecl}
const RUN_MS = ${Math.round(s.runMs)};

function secret() {
  const value = process.env.CTB_SECRET;
  if (!value) throw new Error('set CTB_SECRET to the connector signing secret (and CTB_URL to its endpoint)');
  return value;
}

function sign(key, timestamp, body) {
  return 'v1=' + createHmac('sha256', key).update('v1:' + timestamp + ':').update(body).digest('hex');
}

function ctbSign(requestParams, context, ee, next) {
  const body = ${bodyExpr};
  const timestamp = String(Math.floor(Date.now() / 1000));
  requestParams.body = body;
  requestParams.headers = Object.assign({}, requestParams.headers, {
    'content-type': 'application/json',
    'x-service-signature': sign(secret(), timestamp, body),
    'x-service-timestamp': timestamp,
    'x-service-protocol': '1',
  });
  return next();
}

// Failed as \`ctb load\` counts it: a non-2xx status or an error envelope ({"type":"error"}).
function ctbCheck(requestParams, response, context, ee, next) {
  let failed = response.statusCode < 200 || response.statusCode >= 300;
  if (!failed) {
    try {
      failed = JSON.parse(response.body).type === 'error';
    } catch (e) {
      failed = false;
    }
  }
  ee.emit('counter', 'ctb.errors', failed ? 1 : 0);
  ee.emit('counter', 'ctb.ok', failed ? 0 : 1);
  return next();
}

function ctbWithinRun(context, next) {
  if (context.vars.ctbStartedAt === undefined) context.vars.ctbStartedAt = Date.now();
  return next(Date.now() - context.vars.ctbStartedAt < RUN_MS);
}

module.exports = { ctbSign, ctbCheck, ctbWithinRun, sign };
`;
}

export function artilleryScript(spec: LoadExportSpec): ExportedFile[] {
  const conditions = spec.thresholds.map((e) => artilleryCondition(parseThreshold(e)));
  const s = shape(spec);
  return [
    {
      name: ARTILLERY_FILE,
      content: scriptYaml(spec, s, conditions),
      run: `CTB_URL=<endpoint> CTB_SECRET=<secret> npx artillery run ${ARTILLERY_FILE}`,
    },
    { name: PROCESSOR_FILE, content: processor(spec, s) },
  ];
}
