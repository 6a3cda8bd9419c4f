// `ctb run` against a real `ctb connector serve`: the shipped collections pass, a failing expectation
// names step, expected, actual and the signature diagnosis (exit 1), broken files exit 2 with file:line.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenarios/index.ts';
import type { ScenarioFileError } from '../../../src/scenarios/index.ts';
import { runCtb, serveDemoConnector } from '../cli/run-ctb.ts';
import type { startCtb } from '../cli/run-ctb.ts';

const dir = mkdtempSync(join(tmpdir(), 'ctb-scenarios-'));
const secret = 'whsec_scenarios';
let url = '';
let serve: ReturnType<typeof startCtb>;

beforeAll(async () => {
  ({ url, child: serve } = await serveDemoConnector(secret, join(dir, 'data')));
}, 30_000);
afterAll(() => {
  serve?.kill();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('ctb run', () => {
  it('passes both shipped collections against the demo catalog', async () => {
    const r = await runCtb(['run', 'examples/scenarios', '--url', url, '--secret', secret]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/\d+ passed, 0 failed/);
    expect(r.code).toBe(0);
  });

  it('names the step, expected and actual values and the signature diagnosis of a failure (exit 1)', async () => {
    const path = file(
      'failing.yaml',
      'name: expects a pong\nrequest: { type: ping }\nfaults: { tamper-body: true }\nexpect: { status: 200, type: pong }\n',
    );
    const r = await runCtb(['run', path, '--url', url, '--secret', secret]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL  expects a pong');
    expect(r.stdout).toContain('status: expected 200, got 401');
    expect(r.stdout).toMatch(/signature: signature_mismatch/);
    expect(r.stdout).toContain('faults: one body byte changed after signing');
  });

  it('says the signature is valid on this side when the connector holds another secret', async () => {
    const path = file('other-secret.yaml', 'name: pings\nrequest: { type: ping }\nexpect: { status: 200 }\n');
    const r = await runCtb(['run', path, '--url', url, '--secret', 'whsec_not_the_connectors']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('status: expected 200, got 401');
    expect(r.stdout).toMatch(
      /signature: valid under the secret sent \([0-9a-f]{8}\).*the connector holds another secret/,
    );
  });

  it('carries a captured value into the next step with its type', async () => {
    const path = file(
      'capture.yaml',
      [
        'name: capture',
        'steps:',
        '  - request: { type: tool.invoke, tool: calculateQuote, parameters: { lines: [{ sku: SKU-1001, quantity: 1 }] } }',
        '    capture: { total: output.total }',
        '  - request: { type: tool.invoke, tool: createQuotation, parameters: { customer_name: C, lines: [{ sku: SKU-1001, quantity: 1 }], total: "{{total}}" } }',
        '    expect: { type: result, output: { total: 249 } }',
      ].join('\n'),
    );
    const r = await runCtb(['run', path, '--url', url, '--secret', secret, '--reporter', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ passed: 2, failed: 0 });
  });

  it('stops at the first failure with --bail and counts the rest as skipped, the same in JSON and JUnit', async () => {
    const path = file(
      'bail.yaml',
      'name: bail\nsteps:\n  - request: { type: ping }\n    expect: { status: 500 }\n  - request: { type: ping }\n  - request: { type: ping }\n',
    );
    const json = await runCtb([
      'run',
      path,
      '--url',
      url,
      '--secret',
      secret,
      '--bail',
      '--reporter',
      'json',
    ]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ steps: 3, passed: 0, failed: 1, skipped: 2 });
    const junit = await runCtb([
      'run',
      path,
      '--url',
      url,
      '--secret',
      secret,
      '--bail',
      '--reporter',
      'junit',
    ]);
    expect(junit.stdout).toMatch(/<testsuite [^>]*tests="3" failures="1" errors="0" skipped="2"/);
    expect(junit.stdout.match(/<skipped>/g)).toHaveLength(2);
    // Valid for the dashboards that read it: both schemas the conformance report is held to.
    const xml = join(dir, 'bail.xml');
    writeFileSync(xml, junit.stdout);
    for (const xsd of ['jenkins-junit.xsd', 'ant-junit.xsd']) {
      const lint = spawnSync('xmllint', ['--noout', '--schema', `test/fixtures/junit/${xsd}`, xml], {
        encoding: 'utf8',
      });
      expect(lint.stderr).toContain('validates');
      expect(lint.status).toBe(0);
    }
  });

  it('refuses a file with a wrong field type, naming file and line (exit 2)', async () => {
    const path = file('bad-type.yaml', 'name: x\nrequest:\n  type: ping\nexpect:\n  status: "200"\n');
    const r = await runCtb(['run', path, '--url', url, '--secret', secret]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad-type.yaml:5: expect.status: must be integer');
  });

  it('refuses a variable nothing defines before sending anything (exit 2)', async () => {
    const path = file('bad-var.yaml', 'name: x\nrequest: { type: tool.invoke, tool: "{{toolName}}" }\n');
    const r = await runCtb(['run', path, '--url', url, '--secret', secret]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad-var\.yaml:2: .*\{\{toolName\}\}/);
    const ok = await runCtb(['run', path, '--url', url, '--secret', secret, '--var', 'toolName=getProduct']);
    // Defined now: the request goes out (and fails its schema, as getProduct needs a sku).
    expect(ok.stdout).toMatch(/invalid_parameters|PASS/);
  });
});

describe('parseScenario', () => {
  it('reports a YAML syntax error at its line', () => {
    expect(() => parseScenario('name: x\nrequest: {type: ping\n', 'f.yaml')).toThrow(/^f\.yaml:\d+: /);
  });

  it('names an unknown field', () => {
    const error = (() => {
      try {
        parseScenario('name: x\nrequest: { type: ping, tol: a }\n', 'f.yaml');
      } catch (e) {
        return e as ScenarioFileError;
      }
    })();
    expect(error?.message).toBe('f.yaml:2: request: unknown field "tol"');
  });

  it('reads JSON as well as YAML', () => {
    const s = parseScenario('{"name":"j","request":{"type":"ping"},"expect":{"status":200}}', 'j.json');
    expect(s.steps).toHaveLength(1);
    expect(s.steps[0].expect).toEqual({ status: 200 });
  });
});
