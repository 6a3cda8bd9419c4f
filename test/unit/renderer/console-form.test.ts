// The console form's step before sending: inline problems for bad input, or the contract input.
// Pure functions, so they are tested here without a browser; the e2e spec checks the screen.

import { describe, expect, it } from 'vitest';
import { buildSendInput, parameterSkeleton } from '../../../src/renderer/src/store/console/selectors.ts';
import { initialConsoleState } from '../../../src/renderer/src/store/console/initialState.ts';
import { parseHash } from '../../../src/renderer/src/lib/route.ts';
import { problemsOf } from '../../../src/renderer/src/lib/json-input.ts';

const base = { ...initialConsoleState, connectionId: 'c1', tool: 'getProduct' };

describe('buildSendInput', () => {
  it('refuses parameters that are not JSON before anything is sent', () => {
    const r = buildSendInput({ ...base, paramsText: '{"sku": ' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.parameters).toMatch(/^Parameters is not valid JSON/);
  });
  it('refuses parameters that are JSON but not an object', () => {
    const r = buildSendInput({ ...base, paramsText: '[1]' });
    expect(!r.ok && r.errors.parameters).toMatch(/must be a JSON object.*an array/);
  });
  it('asks for a target when none is picked', () => {
    const r = buildSendInput({ ...base, connectionId: null });
    expect(!r.ok && r.errors.target).toMatch(/Pick a connection/);
  });
  it('needs a URL and a secret for a URL target', () => {
    const r = buildSendInput({ ...base, targetKind: 'url', url: 'localhost:80', secret: '' });
    expect(!r.ok && r.errors.target).toMatch(/endpoint URL/);
  });
  it('builds a tool.invoke with the whatsapp channel and only the faults switched on', () => {
    const r = buildSendInput({
      ...base,
      paramsText: '{"sku":"A-1"}',
      faults: { wrongSecret: true, skewOffsetSeconds: 0, dropHeaders: [] },
    });
    expect(r).toEqual({
      ok: true,
      input: {
        target: { kind: 'connection', id: 'c1' },
        type: 'tool.invoke',
        tool: 'getProduct',
        parameters: { sku: 'A-1' },
        identity: {},
        channel: 'whatsapp',
        conversationId: undefined,
        faults: { wrongSecret: true },
      },
    });
  });
  it('sends a ping without tool or parameters', () => {
    const r = buildSendInput({ ...base, type: 'ping', paramsText: 'garbage' });
    expect(r.ok && r.input).toEqual({
      target: { kind: 'connection', id: 'c1' },
      type: 'ping',
      faults: undefined,
    });
  });
});

describe('parameterSkeleton', () => {
  it('fills the required properties with empty values of their type', () => {
    const tool = {
      name: 't',
      description: '',
      auth: 'none',
      chat: true,
      input_schema: {
        type: 'object',
        properties: { sku: { type: 'string' }, n: { type: 'number' } },
        required: ['sku'],
      },
    };
    expect(JSON.parse(parameterSkeleton(tool))).toEqual({ sku: '' });
  });
});

describe('parseHash', () => {
  it('redirects the old organization route to Business Tools', () => {
    expect(parseHash('#/app/organization/sdk-connections')).toEqual({ name: 'business-tools' });
  });
  it('keeps the inspector id', () => {
    expect(parseHash('#/inspector/42')).toEqual({ name: 'inspector', param: '42' });
  });
});

describe('problemsOf', () => {
  it('reads the failing paths of an invalid_definition error', () => {
    expect(problemsOf({ problems: [{ path: '/tools/0/name', message: 'must match pattern' }] })).toEqual([
      { path: '/tools/0/name', message: 'must match pattern' },
    ]);
  });
});
