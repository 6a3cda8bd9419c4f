// Scenario placeholders: {{name}} replaced deep in a step, whole placeholders keep their type,
// an unknown name is an error that points at the field, and what holds none is left as it is.

import { describe, expect, it } from 'vitest';
import { interpolate, VariableError } from '../../../src/scenarios/variables.ts';

const vars = { sku: 'SKU-1001', total: 42, customer: { name: 'Ada' } };

describe('interpolate', () => {
  it('replaces placeholders inside strings, arrays and objects at any depth', () => {
    const step = {
      tool: 'getProduct',
      parameters: { lines: [{ sku: '{{sku}}', note: 'for {{ customer }}' }] },
    };
    expect(interpolate(step, vars, 'f.yaml:3 step')).toEqual({
      tool: 'getProduct',
      parameters: { lines: [{ sku: 'SKU-1001', note: 'for {"name":"Ada"}' }] },
    });
    // The file's own step is not changed.
    expect(step.parameters.lines[0].sku).toBe('{{sku}}');
  });

  it('gives a string that is one placeholder alone the value with its type', () => {
    expect(interpolate({ total: '{{total}}', who: '{{customer}}' }, vars, 'w')).toEqual({
      total: 42,
      who: { name: 'Ada' },
    });
  });

  it('names the field of an unknown variable', () => {
    const step = { parameters: { lines: [{ sku: 'x' }, { sku: '{{missing}}' }] } };
    expect(() => interpolate(step, vars, 'f.yaml:7 order')).toThrow(VariableError);
    expect(() => interpolate(step, vars, 'f.yaml:7 order')).toThrow(
      'f.yaml:7 order.parameters.lines[1].sku: unknown variable {{missing}}',
    );
  });

  it('returns parts without placeholders as they are, and copies only what changed', () => {
    const untouched = { sku: 'SKU-1', tags: ['a', 'b'] };
    const step = { keep: untouched, change: { sku: '{{sku}}' } };
    const out = interpolate(step, vars, 'w');
    expect(out.keep).toBe(untouched);
    expect(out).not.toBe(step);
    const plain = { tool: 'ping', parameters: { n: 1 } };
    expect(interpolate(plain, vars, 'w')).toBe(plain);
  });

  it('keeps a key named __proto__ a key of the copy', () => {
    const step = JSON.parse('{"__proto__": {"polluted": "{{sku}}"}, "a": "{{sku}}"}') as Record<
      string,
      unknown
    >;
    const out = interpolate(step, vars, 'w') as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 'SKU-1001' });
    expect(out.a).toBe('SKU-1001');
  });
});
