// Setting up a connector: options, tool registration and metadata mistakes are refused at
// construction with messages that say what was expected.

import { describe, expect, it } from 'vitest';
import { ConnectorConfigError, ToolError, createConnector } from '../../../src/connector/index.ts';
import type { InputSchema } from '../../../src/connector/index.ts';

const ok = () => ({});
const schema: InputSchema = { type: 'object', properties: { q: { type: 'string' } } };

describe('createConnector options', () => {
  it('refuses a missing or empty signingSecret', () => {
    expect(() => createConnector({} as never)).toThrow(/signingSecret is required/);
    expect(() => createConnector({ signingSecret: '' })).toThrow(ConnectorConfigError);
  });

  it('refuses an endpointPath that does not start with "/"', () => {
    expect(() => createConnector({ signingSecret: 's', endpointPath: 'service' })).toThrow(
      /endpointPath must be a path starting with "\/"/,
    );
  });

  it.each([0, -5, 1.5, Number.NaN])('refuses maxTimestampSkewSeconds %s', (skew) => {
    expect(() => createConnector({ signingSecret: 's', maxTimestampSkewSeconds: skew })).toThrow(
      /maxTimestampSkewSeconds must be a positive whole number/,
    );
  });

  it('refuses a non-positive maxBodyBytes and a headers timeout longer than the request timeout', () => {
    expect(() => createConnector({ signingSecret: 's', maxBodyBytes: 0 })).toThrow(/maxBodyBytes/);
    expect(() =>
      createConnector({ signingSecret: 's', headersTimeoutMs: 5000, requestTimeoutMs: 1000 }),
    ).toThrow(/headersTimeoutMs/);
  });

  it('refuses an empty protocolVersion', () => {
    expect(() => createConnector({ signingSecret: 's', protocolVersion: '' })).toThrow(/protocolVersion/);
  });
});

describe('tool registration', () => {
  it('declares defaults auth none and chat true in the wire definition', () => {
    const c = createConnector({ signingSecret: 's' }).tool(
      'find',
      { description: 'Finds', input_schema: schema },
      ok,
    );
    expect(c.definitions()).toEqual([
      { name: 'find', description: 'Finds', auth: 'none', chat: true, input_schema: schema },
    ]);
  });

  it('rejects an invalid input_schema at registration, naming the tool', () => {
    const c = createConnector({ signingSecret: 's' });
    const bad = { type: 'object', properties: { q: { type: 'strng' } } } as InputSchema;
    expect(() => c.tool('find', { description: 'Finds', input_schema: bad }, ok)).toThrow(
      /tool "find": input_schema is not a valid JSON Schema/,
    );
    expect(() =>
      c.tool('find', { description: 'Finds', input_schema: { type: 'object', required: 'q' } as never }, ok),
    ).toThrow(ConnectorConfigError);
    expect(c.definitions()).toEqual([]);
  });

  it('rejects a schema whose top level is not an object', () => {
    expect(() =>
      createConnector({ signingSecret: 's' }).tool(
        't',
        { description: 'd', input_schema: { type: 'array' } as never },
        ok,
      ),
    ).toThrow(/type "object"/);
  });

  it('rejects duplicate names, empty descriptions and missing handlers', () => {
    const c = createConnector({ signingSecret: 's' }).tool(
      'find',
      { description: 'Finds', input_schema: schema },
      ok,
    );
    expect(() => c.tool('find', { description: 'Again', input_schema: schema }, ok)).toThrow(
      /already registered/,
    );
    expect(() => c.tool('other', { description: ' ', input_schema: schema }, ok)).toThrow(/description/);
    expect(() => c.tool('other', { description: 'd', input_schema: schema }, undefined as never)).toThrow(
      /handler/,
    );
    expect(() => c.tool('has space', { description: 'd', input_schema: schema }, ok)).toThrow(/tool name/);
  });

  it('keeps the registered schema safe from later changes by the caller', () => {
    const mutable: InputSchema = { type: 'object', properties: { q: { type: 'string' } } };
    const c = createConnector({ signingSecret: 's' }).tool(
      'find',
      { description: 'Finds', input_schema: mutable },
      ok,
    );
    mutable.properties!.q = { type: 'number' };
    expect(c.definitions()[0].input_schema.properties!.q).toEqual({ type: 'string' });
  });
});

describe('metadata', () => {
  it('refuses tasks without priority and duplicated ids', () => {
    const c = createConnector({ signingSecret: 's' });
    expect(() =>
      c.metadata({ version: 1, events: [], actions: [], tasks: [{ id: 't', label: 'T' } as never] }),
    ).toThrow(/priority/);
    expect(() =>
      c.metadata({
        version: 1,
        events: [
          { id: 'e', label: 'E' },
          { id: 'e', label: 'E2' },
        ],
        actions: [],
        tasks: [],
      }),
    ).toThrow(/declared twice/);
    expect(() => c.metadata({ version: 0, events: [], actions: [], tasks: [] })).toThrow(/version/);
  });
});

describe('ToolError', () => {
  it('carries a code, a message and optional details', () => {
    const e = new ToolError('not_found', 'no such sku', { sku: 'X' });
    expect(e).toBeInstanceOf(Error);
    expect([e.code, e.message, e.details]).toEqual(['not_found', 'no such sku', { sku: 'X' }]);
  });

  it('refuses a code with spaces or an empty code', () => {
    expect(() => new ToolError('Not Found', 'x')).toThrow(/must be an identifier such as "not_found"/);
    expect(() => new ToolError('', 'x')).toThrow(TypeError);
  });
});
