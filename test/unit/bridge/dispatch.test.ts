// The call path every transport shares: names outside the contract refused, engine errors with a
// user-facing code passed on, anything else answered as 'internal' without a stack or a path.

import { describe, expect, it } from 'vitest';
import { createDispatch } from '../../../src/bridge/dispatch.ts';
import { EngineError } from '../../../src/engine/index.ts';
import { PlatformError } from '../../../src/platform/index.ts';
import type { Handlers } from '../../../src/shared/index.ts';

function dispatchWith(getInfo: () => unknown, logged: unknown[] = []) {
  return createDispatch({ 'app:get-info': getInfo } as unknown as Handlers, (e) => logged.push(e));
}

describe('dispatch', () => {
  it('answers the handler result as ok', async () => {
    await expect(dispatchWith(() => ({ version: '1' }))('app:get-info', undefined)).resolves.toEqual({
      ok: true,
      data: { version: '1' },
    });
  });

  it('refuses names outside the contract, including prototype keys', async () => {
    for (const name of ['nope', 'constructor', '__proto__', 'toString'])
      await expect(dispatchWith(() => 1)(name, undefined)).resolves.toMatchObject({
        ok: false,
        error: { code: 'unknown_method' },
      });
  });

  it('passes on the code, message and details of engine errors', async () => {
    const platform = dispatchWith(() => {
      throw new PlatformError('name_taken', 'a connection named "A" already exists', { field: 'name' });
    });
    await expect(platform('app:get-info', undefined)).resolves.toEqual({
      ok: false,
      error: {
        code: 'name_taken',
        message: 'a connection named "A" already exists',
        details: { field: 'name' },
      },
    });
    const bridge = dispatchWith(() => {
      throw new EngineError('validation_error', 'id is required');
    });
    await expect(bridge('app:get-info', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'id is required' },
    });
  });

  it('hides unexpected errors behind "internal" and logs them in full', async () => {
    const logged: unknown[] = [];
    const sqlite = Object.assign(
      new Error('SQLITE_CORRUPT: database disk image is malformed at /home/me/.ctb/testbench.sqlite'),
      { code: 'SQLITE_CORRUPT' },
    );
    const result = await dispatchWith(() => {
      throw sqlite;
    }, logged)('app:get-info', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toMatch(/SQLITE|\/home|\bat \//);
    expect(logged).toEqual([sqlite]);
    const typeError = await dispatchWith(() => (null as unknown as { x: number }).x, logged)(
      'app:get-info',
      undefined,
    );
    expect(typeError).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
