// `ctb load --export k6`: a k6 script that signs every request itself (k6/crypto HMAC, fresh
// timestamp and request_id), with the run's shape and thresholds mapped to k6 scenarios and thresholds.

import { DEFAULT_DURATION_MS } from '../engine.ts';
import { parseThreshold } from '../thresholds.ts';
import type { Threshold } from '../thresholds.ts';
import { describeRequest, literal, scriptBody } from './body.ts';
import type { ExportedFile, LoadExportSpec } from './types.ts';

export const K6_FILE = 'ctb-load.k6.js';

const seconds = (ms: number) => `${Math.max(1, Math.ceil(ms / 1000))}s`;

function scenario(spec: LoadExportSpec): Record<string, unknown> {
  const vus = spec.connections;
  if (spec.rate !== undefined) {
    const durationMs = spec.requests !== undefined ? (spec.requests / spec.rate) * 1000 : spec.durationMs;
    // k6 wants a whole number of iterations per time unit: scale the unit for fractional rates.
    const whole = Number.isInteger(spec.rate);
    return {
      executor: 'constant-arrival-rate',
      rate: whole ? spec.rate : Math.round(spec.rate * 100),
      timeUnit: whole ? '1s' : '100s',
      duration: seconds(durationMs ?? DEFAULT_DURATION_MS),
      preAllocatedVUs: vus,
      maxVUs: Math.max(vus, Math.ceil(spec.rate)),
    };
  }
  if (spec.requests !== undefined)
    return { executor: 'shared-iterations', vus: Math.min(vus, spec.requests), iterations: spec.requests };
  return { executor: 'constant-vus', vus, duration: `${spec.durationMs ?? DEFAULT_DURATION_MS}ms` };
}

const K6_OP: Record<Threshold['op'], string> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=', '==': '==' };

/** ctb threshold -> [k6 metric, k6 expression]; errors count what `ctb load` counts (HTTP and envelope). */
export function k6Threshold(t: Threshold): [string, string] {
  const op = K6_OP[t.op];
  if (t.metric === 'rps') return ['http_reqs', `rate${op}${t.limit}`];
  if (t.metric === 'errors') return ['ctb_errors', `count${op}${t.limit}`];
  if (t.metric === 'error_rate') return ['ctb_error_rate', `rate${op}${t.limit / 100}`];
  const stat = t.percentile === 100 ? 'max' : t.percentile === -1 ? 'avg' : `p(${t.percentile})`;
  return ['http_req_duration', `${stat}${op}${t.limit}`];
}

export function k6Script(spec: LoadExportSpec): ExportedFile {
  const thresholds: Record<string, string[]> = {};
  for (const expression of spec.thresholds) {
    const [metric, rule] = k6Threshold(parseThreshold(expression));
    (thresholds[metric] ??= []).push(rule);
  }
  const options = { scenarios: { ctb: scenario(spec) }, thresholds };
  const body = scriptBody(spec.request);
  const bodyDecl =
    body.kind === 'fixed'
      ? `const FIXED_BODY = encoding.b64decode(${literal(body.base64)}, 'std');`
      : `const PREFIX = ${literal(body.prefix)};\nconst SUFFIX = ${literal(body.suffix)};`;
  const bodyExpr = body.kind === 'fixed' ? 'FIXED_BODY' : 'PREFIX + uuid() + SUFFIX';
  return {
    name: K6_FILE,
    run: `CTB_URL=<endpoint> CTB_SECRET=<secret> k6 run ${K6_FILE}`,
    content: `// k6 script written by ${spec.generator}: signed ${describeRequest(spec.request)}.
// Every request is signed here (v1 = HMAC-SHA256 of "v1:<timestamp>:<body>"); the secret is read at run time.
// Run: CTB_URL=https://connector.example/service CTB_SECRET=... k6 run ${K6_FILE}
import http from 'k6/http';
import crypto from 'k6/crypto';
import encoding from 'k6/encoding';
import { Counter, Rate } from 'k6/metrics';

const URL = __ENV.CTB_URL;
const SECRET = __ENV.CTB_SECRET;
if (!URL || !SECRET) throw new Error('set CTB_URL (the connector endpoint) and CTB_SECRET (its signing secret)');

${bodyDecl}

export const options = ${JSON.stringify(options, null, 2)};

const ctbErrors = new Counter('ctb_errors');
const ctbErrorRate = new Rate('ctb_error_rate');

export function sign(secret, timestamp, body) {
  const mac = crypto.createHMAC('sha256', secret);
  mac.update('v1:' + timestamp + ':');
  mac.update(body);
  return 'v1=' + mac.digest('hex');
}

function uuid() {
  const b = new Uint8Array(crypto.randomBytes(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => (x < 16 ? '0' : '') + x.toString(16)).join('');
  return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
}

// Failed as \`ctb load\` counts it: a non-2xx status or an error envelope ({"type":"error"}).
function failed(res) {
  if (res.status < 200 || res.status >= 300) return true;
  try {
    return JSON.parse(res.body).type === 'error';
  } catch (e) {
    return false;
  }
}

export default function () {
  const body = ${bodyExpr};
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = http.post(URL, body, {
    headers: {
      'content-type': 'application/json',
      'x-service-signature': sign(SECRET, timestamp, body),
      'x-service-timestamp': timestamp,
      'x-service-protocol': '1',
    },
    timeout: '${spec.timeoutMs}ms',
  });
  const bad = failed(res);
  ctbErrors.add(bad ? 1 : 0);
  ctbErrorRate.add(bad);
}
`,
  };
}
