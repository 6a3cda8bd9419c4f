// A local connector's secret list: older secrets after signingSecret, validated by the JSON Schema and
// the host, and left out of exports with the current one.

import { describe, expect, it } from 'vitest';
import { definitionProblems, validateDefinition } from '../../../src/connector/host/validate.ts';
import { exportDefinition } from '../../../src/connector/host/io.ts';
import { acceptedSecrets } from '../../../src/connector/host/definition.ts';

const base = { name: 'Rotating', signingSecret: 'whsec_new', tools: [] };

describe('previousSigningSecrets', () => {
  it('accepts older secrets after the current one, in that order', () => {
    const def = validateDefinition({ ...base, previousSigningSecrets: ['whsec_old'] });
    expect(acceptedSecrets(def)).toEqual(['whsec_new', 'whsec_old']);
  });

  it('refuses the current secret repeated, an empty one, a non-list and more than four', () => {
    expect(definitionProblems({ ...base, previousSigningSecrets: ['whsec_new'] })).toEqual([
      expect.objectContaining({ path: '/previousSigningSecrets/0' }),
    ]);
    expect(definitionProblems({ ...base, previousSigningSecrets: [''] })[0].path).toBe(
      '/previousSigningSecrets/0',
    );
    expect(definitionProblems({ ...base, previousSigningSecrets: 'whsec_old' })[0].path).toBe(
      '/previousSigningSecrets',
    );
    expect(definitionProblems({ ...base, previousSigningSecrets: ['a', 'b', 'c', 'd', 'e'] })).not.toEqual(
      [],
    );
  });

  it('leaves every secret out of an export unless asked', () => {
    const def = validateDefinition({ ...base, previousSigningSecrets: ['whsec_old'] });
    expect(JSON.stringify(exportDefinition(def))).not.toContain('whsec_');
    expect(exportDefinition(def, { includeSecret: true })).toMatchObject({
      previousSigningSecrets: ['whsec_old'],
    });
  });
});
