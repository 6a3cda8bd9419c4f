// The sandboxed preload: window.ctb has call and on only, refuses every method and event that is
// not in the contract before anything reaches IPC, and delivers contract events to listeners.

import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contextBridge,
  deliverToRenderer,
  ipcMain,
  ipcRenderer,
  resetFakeElectron,
} from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).fakeElectron);

interface Exposed {
  call(method: unknown, input?: unknown): Promise<unknown>;
  on(event: unknown, listener: unknown): () => void;
}

describe('the preload bridge', () => {
  let ctb: Exposed;

  beforeAll(async () => {
    resetFakeElectron();
    await import('../../../src/preload/index.ts');
    ctb = contextBridge.exposed.get('ctb') as Exposed;
  });

  it('exposes window.ctb with call and on, and no raw ipcRenderer', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['ctb']);
    expect(Object.keys(ctb).sort()).toEqual(['call', 'on']);
  });

  it.each([['ctb:event'], ['evil:channel'], ['__proto__'], [42]])(
    'refuses the method %s without touching IPC',
    async (method) => {
      const before = ipcRenderer.invoked.length;
      await expect(ctb.call(method, {})).resolves.toMatchObject({
        ok: false,
        error: { code: 'unknown_method' },
      });
      expect(ipcRenderer.invoked.length).toBe(before);
    },
  );

  it('forwards a contract method to its IPC channel', async () => {
    ipcMain.handle('org:get', () => ({ ok: true, data: { id: 'org_1', name: 'Org', plan: 'premium' } }));
    await expect(ctb.call('org:get')).resolves.toEqual({
      ok: true,
      data: { id: 'org_1', name: 'Org', plan: 'premium' },
    });
    expect(ipcRenderer.invoked.at(-1)).toBe('org:get');
  });

  it('turns a failed invoke into a Result instead of a rejection', async () => {
    await expect(ctb.call('org:set-plan', { plan: 'free' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'transport_error' },
    });
  });

  it('refuses to subscribe to an event outside the contract', () => {
    expect(() => ctb.on('ctb:event', () => {})).toThrow(/not an event of the contract/);
    expect(() => ctb.on('history:appended', 'not a function')).toThrow(/function/);
  });

  it('delivers contract events to listeners until they unsubscribe, and ignores others', () => {
    const seen: unknown[] = [];
    const off = ctb.on('history:appended', (p: unknown) => seen.push(p));
    deliverToRenderer('ctb:event', { event: 'history:appended', payload: { id: 7 } });
    deliverToRenderer('ctb:event', { event: 'made:up', payload: { id: 8 } });
    off();
    deliverToRenderer('ctb:event', { event: 'history:appended', payload: { id: 9 } });
    expect(seen).toEqual([{ id: 7 }]);
  });
});
