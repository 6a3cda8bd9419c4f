// The engine's checks of the contract's inputs as pure functions: each refusal is a validation_error
// naming the field, with the message the bridge answered before the checks moved into the engine.

import { describe, expect, it } from 'vitest';
import { connectionUpdateOf, syncToolsOf, toolsFilterOf } from '../../../src/engine/connection-input.ts';
import { parseDemoInvoke } from '../../../src/engine/demo/demo.ts';
import {
  exportRequestOf,
  filterOf,
  importContentOf,
  pageQueryOf,
  replayInputOf,
  retentionSettingsOf,
} from '../../../src/engine/history/history-input.ts';
import { parseListenStart } from '../../../src/engine/live-traffic.ts';
import { parseLocalSave } from '../../../src/engine/local-connectors.ts';
import { parseRehearsalStart } from '../../../src/engine/rotation.ts';
import { saveFromExchangeOf, textOf } from '../../../src/engine/scenario-input.ts';

/** The refusal `check` throws, as a transport would answer it. */
function refusal(check: () => unknown): { code: string; message: string; details: unknown } {
  try {
    check();
  } catch (error) {
    const { code, message, details } = error as { code: string; message: string; details: unknown };
    return { code, message, details };
  }
  throw new Error('expected a refusal');
}

describe('History inputs', () => {
  it('keeps only the filter fields that were given', () => {
    expect(filterOf({ filter: { direction: 'incoming', tool: 'search' } })).toEqual({
      direction: 'incoming',
      tool: 'search',
    });
    expect(filterOf({})).toEqual({});
  });

  it('refuses a filter field the contract does not name', () => {
    expect(refusal(() => filterOf({ filter: { secret: 'x' } }))).toMatchObject({
      code: 'validation_error',
      message: 'filter: "secret" is not an accepted field',
    });
  });

  it('reads an absent history:page input as the newest page', () => {
    expect(pageQueryOf(undefined)).toEqual({ filter: {}, before: undefined, limit: undefined });
  });

  it('checks a replay id before its mode', () => {
    expect(refusal(() => replayInputOf({ id: 0, mode: 'bogus' })).details).toEqual({ field: 'id' });
    expect(refusal(() => replayInputOf({ id: 1, mode: 'bogus' })).details).toEqual({ field: 'mode' });
  });

  it('exports without secrets unless asked', () => {
    expect(exportRequestOf({ format: 'har' }, '1.0.0')).toEqual({
      ids: undefined,
      filter: {},
      format: 'har',
      includeSecrets: false,
      version: '1.0.0',
    });
  });

  it('refuses an import whose content is not text', () => {
    expect(refusal(() => importContentOf({ content: 42 }))).toMatchObject({
      message: 'content must be the text of a .har or .json file',
      details: { field: 'content' },
    });
  });

  it('reads null or an absent retention limit as no limit', () => {
    expect(retentionSettingsOf({ maxCount: null })).toEqual({ maxCount: null, maxAgeDays: null });
    expect(refusal(() => retentionSettingsOf({ maxAgeDays: 36_501 })).details).toEqual({
      field: 'maxAgeDays',
    });
  });
});

describe('connection inputs', () => {
  it('refuses an update that changes nothing', () => {
    expect(refusal(() => connectionUpdateOf({ id: 'c1', changes: {} }))).toMatchObject({
      message: 'changes must name at least one field',
      details: { field: 'changes' },
    });
  });

  it('tells a sync with no workspace from a sync to the connection’s own', () => {
    expect(syncToolsOf({ id: 'c1', workspaceId: null })).toEqual({
      id: 'c1',
      options: { workspaceId: null },
    });
    expect(syncToolsOf({ id: 'c1' })).toEqual({ id: 'c1', options: {} });
  });

  it('lists every business tool when no filter is given', () => {
    expect(toolsFilterOf(undefined)).toEqual({});
  });
});

describe('use-case inputs', () => {
  it('refuses a live traffic start that names both secret sources', () => {
    const input = {
      forwardTo: 'http://127.0.0.1:1',
      secretsFrom: { connectionId: 'a', localConnectorId: 'b' },
    };
    expect(refusal(() => parseListenStart(input))).toMatchObject({
      message: 'secretsFrom must name exactly one of connectionId or localConnectorId',
      details: { field: 'secretsFrom' },
    });
  });

  it('caps a rehearsal’s grace window at a week', () => {
    const input = { connectionId: 'c', localConnectorId: 'l', graceSeconds: 7 * 24 * 3600 + 1 };
    expect(refusal(() => parseRehearsalStart(input))).toMatchObject({
      message: 'graceSeconds must be an integer from 0 to 604800',
    });
    expect(parseRehearsalStart({ connectionId: 'c', localConnectorId: 'l' })).toEqual({
      connectionId: 'c',
      localConnectorId: 'l',
      graceSeconds: 0,
    });
  });

  it('requires a definition to save a local connector', () => {
    expect(refusal(() => parseLocalSave({ id: 'x' })).message).toBe('definition is required');
    expect(parseLocalSave({ definition: '{}' })).toEqual({ id: undefined, definition: '{}' });
  });

  it('requires the tool a demo call names', () => {
    expect(refusal(() => parseDemoInvoke({})).details).toEqual({ field: 'tool' });
  });

  it('refuses a scenario text over the cap and an exchange id that is not positive', () => {
    expect(refusal(() => textOf({ text: 'x'.repeat(256 * 1024 + 1) })).message).toBe(
      'a scenario file is capped at 262144 bytes',
    );
    expect(refusal(() => saveFromExchangeOf({ folder: '/tmp', exchangeId: 0 })).message).toBe(
      'exchangeId must be a positive whole number',
    );
  });
});
