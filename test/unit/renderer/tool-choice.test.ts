// The tool a Console or Load form opens on: never the managers-only approval tool, and one whose
// empty parameters already pass its schema, whichever order the target lists its tools in.

import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { demoCatalogDefinition } from '../../../src/connector/host/index.ts';
import type { ToolDefinitionDto } from '../../../src/shared/index.ts';
import {
  paramsAfterToolChange,
  parameterSkeleton,
  preferredTool,
  skeletonFits,
} from '../../../src/renderer/src/lib/tool-choice.ts';

const declared = demoCatalogDefinition('Demo catalog').tools as unknown as ToolDefinitionDto[];
// A connection's business tools come back sorted by name: approveQuotation first.
const byName = [...declared].sort((a, b) => a.name.localeCompare(b.name));

describe('preferredTool', () => {
  it('opens on a customer-chat tool whose skeleton is valid, in either order', () => {
    expect(byName[0].name).toBe('approveQuotation');
    expect(preferredTool(byName)?.name).toBe('searchProducts');
    expect(preferredTool(declared)?.name).toBe('searchProducts');
  });

  it('agrees with a real JSON Schema validator about which skeletons are valid', () => {
    const ajv = new Ajv({ strict: false });
    for (const tool of declared) {
      const valid = ajv.validate(tool.input_schema, JSON.parse(parameterSkeleton(tool)));
      // skeletonFits is cautious: it may say no to a valid skeleton, never yes to an invalid one.
      if (skeletonFits(tool)) expect(valid, tool.name).toBe(true);
    }
  });

  it('falls back to the first chat tool, then to any tool', () => {
    const only = (chat: boolean): ToolDefinitionDto => ({
      name: chat ? 'chatty' : 'admin',
      description: '',
      auth: 'none',
      chat,
      input_schema: {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^x' } },
        required: ['id'],
      },
    });
    expect(preferredTool([only(false), only(true)])?.name).toBe('chatty');
    expect(preferredTool([only(false)])?.name).toBe('admin');
    expect(preferredTool([])).toBeNull();
  });
});

describe('paramsAfterToolChange', () => {
  const [search, get] = [
    declared.find((t) => t.name === 'searchProducts')!,
    declared.find((t) => t.name === 'getProduct')!,
  ];
  it('replaces an empty or untouched skeleton, keeps what the user typed', () => {
    expect(JSON.parse(paramsAfterToolChange('{}', null, search))).toEqual({ query: '' });
    expect(JSON.parse(paramsAfterToolChange(parameterSkeleton(search), search, get))).toEqual({ sku: '' });
    expect(paramsAfterToolChange('{"query":"desk"}', search, get)).toBe('{"query":"desk"}');
  });
});
