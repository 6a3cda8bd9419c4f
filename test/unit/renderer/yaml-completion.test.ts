// Scenario files are YAML: completion comes from resources/scenario.schema.json through the key path
// under the cursor, in block mappings, sequences of steps and one-line flow maps alike.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  yamlSpot,
  yamlSuggestions,
} from '../../../src/renderer/src/components/CodeEditor/yaml-completion.ts';

const schema = JSON.parse(readFileSync('resources/scenario.schema.json', 'utf8')) as Record<string, unknown>;

/** Suggestion labels at the `|` of a document. */
function at(doc: string): string[] {
  const before = doc.slice(0, doc.indexOf('|'));
  const lines = before.split('\n');
  const text = doc.replace('|', '');
  const spot = yamlSpot(text, lines.length, lines.at(-1)!.length + 1);
  return spot ? yamlSuggestions(schema, spot).map((s) => s.label) : [];
}

describe('yamlSpot', () => {
  it('finds the key path from indentation, through sequence items', () => {
    const text = 'name: x\nsteps:\n  - request:\n      type: ping\n    exp';
    expect(yamlSpot(text, 5, 8)).toEqual({ path: ['steps', '[]'], mode: 'key', typed: 'exp' });
  });

  it('reads a value being typed, and a key inside a one-line flow map', () => {
    expect(yamlSpot('request:\n  type: pi', 2, 11)).toEqual({
      path: ['request'],
      mode: 'value',
      key: 'type',
      typed: 'pi',
    });
    expect(yamlSpot('faults: { tamper-body: true, dr', 1, 32)).toEqual({
      path: ['faults'],
      mode: 'key',
      typed: 'dr',
    });
  });
});

describe('yamlSuggestions from the scenario schema', () => {
  it('offers the top-level fields, then the fields of request, faults and expect', () => {
    expect(at('|')).toEqual(expect.arrayContaining(['name', 'request', 'faults', 'expect', 'steps']));
    expect(at('name: x\nrequest:\n  |')).toEqual(
      expect.arrayContaining(['type', 'tool', 'parameters', 'rawBody']),
    );
    expect(at('name: x\nfaults:\n  |')).toEqual(
      expect.arrayContaining(['skew-offset', 'wrong-secret', 'tamper-body', 'drop-header', 'replay']),
    );
    expect(at('name: x\nexpect:\n  st|')).toEqual(['status']);
  });

  it('offers the fields of a step inside steps, and request types as values', () => {
    expect(at('name: x\nsteps:\n  - |')).toEqual(expect.arrayContaining(['request', 'expect', 'capture']));
    expect(at('name: x\nrequest:\n  type: |')).toEqual([
      'tool.invoke',
      'ping',
      'capabilities.list',
      'tools.list',
    ]);
    expect(at('request: { type: |')).toContain('ping');
    expect(at('faults: { wrong-secret: |')).toEqual(['true', 'false']);
  });

  it('offers nothing inside a comment or a finished flow map', () => {
    expect(at('# req|')).toEqual([]);
    expect(at('request: { type: ping }|')).toEqual([]);
  });
});
