// Static output templates of local connectors: JSON types kept, nested rendering, parameter paths,
// and errors that name the missing parameter and where the template sits.

import { describe, expect, it } from 'vitest';
import { TemplateError, render } from '../../../src/connector/host/template.ts';
import type { TemplateScope } from '../../../src/connector/host/template.ts';

const scope: TemplateScope = {
  parameters: { sku: 'SKU-1', qty: 3, lines: [{ sku: 'A' }], flag: false },
  requestId: 'req-1',
  conversationId: 'conv-9',
  channel: 'whatsapp',
  identity: { email: 'a@example.test' },
  tool: 'getProduct',
  nowMs: Date.UTC(2026, 10, 21, 12, 0, 0),
};

describe('static output templates', () => {
  it('keeps the JSON type of a value that is one whole template', () => {
    expect(
      render(
        {
          q: '{{parameters.qty}}',
          l: '{{ parameters.lines }}',
          f: '{{parameters.flag}}',
          all: '{{parameters}}',
        },
        scope,
      ),
    ).toEqual({
      q: 3,
      l: [{ sku: 'A' }],
      f: false,
      all: scope.parameters,
    });
  });

  it('renders templates inside longer strings, in nested arrays and objects', () => {
    expect(
      render(
        {
          a: [{ m: 'sku {{parameters.sku}} x{{parameters.qty}} for {{identity.email}} on {{channel}}' }],
          at: '{{now}}',
          ts: '{{now_unix}}',
        },
        scope,
      ),
    ).toEqual({
      a: [{ m: 'sku SKU-1 x3 for a@example.test on whatsapp' }],
      at: '2026-11-21T12:00:00.000Z',
      ts: Math.floor(scope.nowMs / 1000),
    });
  });

  it('walks array indexes in parameter paths', () => {
    expect(render({ first: '{{parameters.lines.0.sku}}' }, scope)).toEqual({ first: 'A' });
  });

  it('fails naming the missing parameter and where the template sits', () => {
    expect(() => render({ a: { b: 'x {{parameters.colour}}' } }, scope)).toThrow(TemplateError);
    expect(() => render({ a: { b: 'x {{parameters.colour}}' } }, scope)).toThrow(
      'the template {{parameters.colour}} at output/a/b names parameter "colour"',
    );
  });

  it('renders absent envelope fields as null, or empty inside text', () => {
    const bare = { ...scope, conversationId: undefined };
    expect(render({ c: '{{conversation_id}}', t: 'c={{conversation_id}}' }, bare)).toEqual({
      c: null,
      t: 'c=',
    });
  });
});
