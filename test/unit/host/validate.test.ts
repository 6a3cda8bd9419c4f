// The connector definition schema and validateDefinition: defaults filled in, and errors that name
// each failing JSON path, as the editor shows them.

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  HostError,
  definitionProblems,
  definitionSchema,
  validateDefinition,
} from '../../../src/connector/host/index.ts';

const tool = (behaviour: unknown, extra: Record<string, unknown> = {}) => ({
  name: 't',
  description: 'd',
  behaviour,
  ...extra,
});
const def = (...tools: unknown[]) => ({ name: 'x', signingSecret: 's', tools });
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/definitions/${name}`, import.meta.url), 'utf8')) as unknown;

describe('connector definition schema', () => {
  it('is itself a valid draft 2020-12 schema with a description on every behaviour', () => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema(definitionSchema)).toBe(true);
    const defs = definitionSchema.$defs as Record<string, { description?: string }>;
    for (const type of ['static', 'script', 'error', 'delay', 'sequence', 'http', 'close', 'slow', 'builtin'])
      expect(defs[type].description).toBeTruthy();
  });
});

describe('validateDefinition', () => {
  it('fills every default so the stored definition is explicit', () => {
    const d = validateDefinition({ name: 'x', tools: [tool({ type: 'script', source: 'return {}' })] });
    expect(d).toMatchObject({
      host: '127.0.0.1',
      port: 0,
      endpointPath: '/service',
      protocolVersion: '1',
      maxTimestampSkewSeconds: 300,
      maxBodyBytes: 1048576,
    });
    expect(d.signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(d.tools[0]).toMatchObject({ auth: 'none', chat: true, input_schema: { type: 'object' } });
  });

  it('accepts the fixture that uses static, script, sequence, error, http and delay', () => {
    expect(definitionProblems(fixture('shop.json'))).toEqual([]);
  });

  it('names the JSON path of a negative delay', () => {
    expect(
      definitionProblems(
        def(
          tool({ type: 'delay', ms: -1, then: { type: 'static', output: {} } }),
          tool(
            { type: 'delay', ms: 5, then: { type: 'delay', ms: -2, then: { type: 'close' } } },
            { name: 'u' },
          ),
        ),
      ),
    ).toEqual([
      { path: '/tools/0/behaviour/ms', message: 'must be >= 0' },
      { path: '/tools/1/behaviour/then/ms', message: 'must be >= 0' },
    ]);
  });

  it('throws invalid_definition whose message lists each failing path', () => {
    let error: unknown;
    try {
      validateDefinition(fixture('invalid.json'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HostError);
    const e = error as HostError;
    expect(e.code).toBe('invalid_definition');
    expect(e.message).toContain('/port: must be <= 65535');
    expect(e.message).toContain('/tools/0/behaviour/ms: must be >= 0');
    expect(e.problems.map((p) => p.path)).toContain('/tools/3/behaviour/type');
  });

  it('reports an unknown behaviour type once, with the allowed types', () => {
    const problems = definitionProblems(def(tool({ type: 'teleport' })));
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('/tools/0/behaviour/type');
    expect(problems[0].message).toContain('"sequence"');
  });

  it('reports unknown properties and a slow behaviour without a pace in words', () => {
    expect(
      definitionProblems(
        def(tool({ type: 'static', output: {}, outptu: {} }), tool({ type: 'slow' }, { name: 'u' })),
      ),
    ).toEqual([
      { path: '/tools/0/behaviour', message: 'unknown property "outptu"' },
      { path: '/tools/1/behaviour', message: 'needs exactly one of "bytesPerSecond" or "chunkDelayMs"' },
    ]);
  });

  it('checks each input_schema against the draft 2020-12 meta-schema, by path', () => {
    const problems = definitionProblems(
      def(tool({ type: 'static', output: {} }, { input_schema: { type: 'object', required: 'sku' } })),
    );
    expect(problems).toEqual([
      { path: '/tools/0/input_schema/required', message: 'not a valid JSON Schema: must be array' },
    ]);
  });

  it('refuses an input_schema whose $ref resolves nowhere', () => {
    const problems = definitionProblems(
      def(
        tool(
          { type: 'static', output: {} },
          { input_schema: { type: 'object', properties: { a: { $ref: '#/$defs/none' } } } },
        ),
      ),
    );
    expect(problems[0].path).toBe('/tools/0/input_schema');
    expect(problems[0].message).toContain("can't resolve reference");
  });

  it('reports a script syntax error at save time with its line', () => {
    const problems = definitionProblems(
      def(tool({ type: 'sequence', steps: [{ type: 'script', source: 'const a = 1;\nreturn { a: };' }] })),
    );
    expect(problems).toEqual([
      {
        path: '/tools/0/behaviour/steps/0/source',
        message: expect.stringMatching(/^script does not compile: SyntaxError: .*\(line 2\)$/),
      },
    ]);
  });

  it('refuses a script that closes its own function early', () => {
    const problems = definitionProblems(
      def(tool({ type: 'script', source: '}); globalThis.x = 1; (function () {' })),
    );
    expect(problems[0].path).toBe('/tools/0/behaviour/source');
  });

  it('refuses unknown template names and duplicate tool names', () => {
    const problems = definitionProblems(
      def(tool({ type: 'static', output: { a: ['{{request}}'] } }), tool({ type: 'close' })),
    );
    expect(problems).toEqual([
      {
        path: '/tools/0/behaviour/output/a/0',
        message: expect.stringContaining('unknown template {{request}}'),
      },
      { path: '/tools/1/name', message: 'tool "t" is already defined at /tools/0' },
    ]);
  });

  it('allows builtin behaviours only in a built-in connector, and only for its tools', () => {
    expect(definitionProblems(def(tool({ type: 'builtin' })))[0]).toMatchObject({
      path: '/tools/0/behaviour/type',
    });
    const builtin = {
      ...def(tool({ type: 'builtin' }, { name: 'getProduct' }), tool({ type: 'builtin' }, { name: 'nope' })),
      builtin: 'demo-catalog',
    };
    expect(definitionProblems(builtin)).toEqual([
      { path: '/tools/1/behaviour/type', message: expect.stringContaining('no tool "nope"') },
    ]);
  });

  it('refuses a definition that is not an object', () => {
    expect(definitionProblems([])).toEqual([
      { path: '', message: 'a connector definition must be a JSON object, got an array' },
    ]);
  });

  it('reports duplicate metadata ids', () => {
    const d = {
      ...def(),
      metadata: {
        version: 1,
        events: [
          { id: 'e', label: 'E' },
          { id: 'e', label: 'E2' },
        ],
        actions: [],
        tasks: [],
      },
    };
    expect(definitionProblems(d)).toEqual([
      { path: '/metadata/events/1/id', message: 'id "e" is already declared at /metadata/events/0' },
    ]);
  });
});
