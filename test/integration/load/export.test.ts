// `ctb load --export`: the k6 script's signing logic against the shared vectors (k6's modules stood
// in by Node's crypto), its options, and the Artillery script run by real Artillery against a connector.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLoadScript, LoadExportError } from '../../../src/load/export/index.ts';
import type { LoadExportSpec } from '../../../src/load/export/index.ts';
import { verify } from '../../../src/protocol/index.ts';
import { serveDemoConnector } from '../cli/run-ctb.ts';
import type { startCtb } from '../cli/run-ctb.ts';

const vectors: Array<{ secret: string; timestamp: string; body_hex: string; signature: string }> = JSON.parse(
  readFileSync(new URL('../../fixtures/signatures.json', import.meta.url), 'utf8'),
);

const base: LoadExportSpec = {
  request: { kind: 'tool', tool: 'searchProducts', parameters: { query: 'chair' } },
  connections: 2,
  durationMs: 2000,
  timeoutMs: 5000,
  thresholds: [],
  generator: 'ctb test',
};

const dir = mkdtempSync(join(tmpdir(), 'ctb-load-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** k6's built-in modules as Node code with k6's documented signatures, for running the script's own functions. */
const K6_SHIMS: Record<string, string> = {
  'k6/crypto': `import { createHmac, randomBytes as rb } from 'node:crypto';
export default {
  createHMAC(alg, key) {
    const h = createHmac(alg, key);
    return { update(d) { h.update(typeof d === 'string' ? d : Buffer.from(d)); return this; }, digest: (e) => h.digest(e) };
  },
  randomBytes: (n) => new Uint8Array(rb(n)).buffer,
};`,
  'k6/encoding': `export default { b64decode: (s) => new Uint8Array(Buffer.from(s, 'base64')).buffer };`,
  'k6/metrics': `export class Counter { add() {} } export class Rate { add() {} }`,
  'k6/http': `export const sent = [];
export default { post(url, body, params) { sent.push({ url, body, params }); return { status: 200, body: '{"type":"pong"}' }; } };`,
};

async function loadK6(spec: LoadExportSpec, name: string) {
  const [file] = exportLoadScript('k6', spec);
  let source = file.content;
  for (const [module, code] of Object.entries(K6_SHIMS)) {
    const shim = join(dir, `${module.replace('/', '-')}-${name}.mjs`);
    writeFileSync(shim, code);
    source = source.replace(`'${module}'`, `'${pathToFileURL(shim).href}'`);
  }
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, source);
  (globalThis as Record<string, unknown>).__ENV = {
    CTB_URL: 'http://127.0.0.1:9/service',
    CTB_SECRET: 'whsec_k6',
  };
  const http = await import(pathToFileURL(join(dir, `k6-http-${name}.mjs`)).href);
  return {
    script: await import(pathToFileURL(path).href),
    sent: http.sent as Array<{ url: string; body: string; params: { headers: Record<string, string> } }>,
    file,
  };
}

describe('ctb load --export k6', () => {
  it('signs exactly as the shared reference vectors say', async () => {
    const { script } = await loadK6(base, 'vectors');
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors) {
      const bytes = Buffer.from(v.body_hex, 'hex');
      const body = bytes.toString('utf8');
      // k6 scripts sign strings as UTF-8; bytes that are not UTF-8 go in as an ArrayBuffer.
      const input = Buffer.from(body, 'utf8').equals(bytes) ? body : new Uint8Array(bytes).buffer;
      expect(script.sign(v.secret, v.timestamp, input)).toBe(v.signature);
    }
  });

  it('sends requests a connector verifies, each with its own request_id', async () => {
    const { script, sent } = await loadK6(base, 'requests');
    script.default();
    script.default();
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      const result = verify(r.body, r.params.headers, 'whsec_k6');
      expect(result.ok).toBe(true);
      expect(JSON.parse(r.body)).toMatchObject({
        type: 'tool.invoke',
        tool: 'searchProducts',
        parameters: { query: 'chair' },
      });
    }
    expect(JSON.parse(sent[0].body).request_id).not.toBe(JSON.parse(sent[1].body).request_id);
  });

  it('never writes the secret into the script, and maps the run shape and thresholds', async () => {
    const spec = { ...base, rate: 50, thresholds: ['p99<200', 'max<1s', 'errors<1%', 'errors<5', 'rps>=40'] };
    const { script, file } = await loadK6(spec, 'options');
    expect(file.content).not.toContain('whsec_k6');
    expect(script.options.scenarios.ctb).toMatchObject({
      executor: 'constant-arrival-rate',
      rate: 50,
      timeUnit: '1s',
      duration: '2s',
    });
    expect(script.options.thresholds).toEqual({
      http_req_duration: ['p(99)<200', 'max<1000'],
      ctb_error_rate: ['rate<0.01'],
      ctb_errors: ['count<5'],
      http_reqs: ['rate>=40'],
    });
  });
});

const ARTILLERY = join(process.cwd(), 'test/tools/artillery/node_modules/.bin/artillery');
const haveArtillery = existsSync(ARTILLERY);
if (!haveArtillery && process.env.CI)
  throw new Error('CI must provision Artillery (test/tools/artillery, see .ci/run) for the export test');

describe.skipIf(!haveArtillery)('ctb load --export artillery, run by Artillery', () => {
  let url = '';
  let serve: ReturnType<typeof startCtb>;
  const secret = 'whsec_artillery';

  beforeAll(async () => {
    ({ url, child: serve } = await serveDemoConnector(secret, join(dir, 'data')));
  }, 30_000);
  afterAll(() => serve?.kill());

  async function run(spec: LoadExportSpec, key: string) {
    const folder = mkdtempSync(join(dir, 'artillery-'));
    for (const f of exportLoadScript('artillery', spec)) writeFileSync(join(folder, f.name), f.content);
    return promisify(execFile)(ARTILLERY, ['run', 'ctb-load.artillery.yml'], {
      cwd: folder,
      env: { ...process.env, CTB_URL: url, CTB_SECRET: key, ARTILLERY_DISABLE_TELEMETRY: 'true' },
      timeout: 150_000,
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
  }

  it('signs every request so the connector answers each one 2xx, and its checks pass', async () => {
    const spec = { ...base, connections: 1, requests: 20, thresholds: ['errors<1', 'p99<5000'] };
    const { code, out } = await run(spec, secret);
    expect(out).toMatch(/http\.codes\.200: \.+ 20\b/);
    expect(out).not.toMatch(/http\.codes\.[013-9]/);
    expect(out).toMatch(/ok: ctb\.errors < 1/);
    expect(code).toBe(0);
  }, 180_000);

  it('fails its checks (exit 1) when the secret is wrong, as ctb load would', async () => {
    const spec = { ...base, connections: 1, requests: 5, thresholds: ['errors<1'] };
    const { code, out } = await run(spec, 'whsec_wrong');
    expect(out).toMatch(/http\.codes\.401/);
    expect(out).toMatch(/fail: ctb\.errors < 1/);
    expect(code).not.toBe(0);
  }, 180_000);
});

describe('load export refusals', () => {
  it('refuses a percentile Artillery cannot report instead of changing it', () => {
    expect(() => exportLoadScript('artillery', { ...base, thresholds: ['p97<100'] })).toThrow(
      LoadExportError,
    );
  });
});
