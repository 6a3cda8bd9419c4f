// The contract over Electron IPC: one ipcMain.handle per method of src/shared (and nothing else),
// answering Results, refusing calls from any frame but the app's own page; events on 'ctb:event'.

import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { EVENT_CHANNEL, METHOD_NAMES, fail } from '../shared/index.ts';
import type { Dispatch } from '../bridge/dispatch.ts';
import type { EventHub } from '../engine/event-hub.ts';

export function registerIpc(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  isTrustedSender: (url: string | null) => boolean,
): () => void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(method, async (event: IpcMainInvokeEvent, input: unknown) => {
      // A frame that navigated away (or an injected iframe) must not reach the engine.
      const url = event.senderFrame?.url ?? null;
      if (!isTrustedSender(url))
        return fail('forbidden_sender', 'this call did not come from the testbench page');
      return dispatch(method, input);
    });
  }
  return () => {
    for (const method of METHOD_NAMES) ipcMain.removeHandler(method);
  };
}

/** Pushes every engine event to one window until it is destroyed. */
export function forwardEvents(hub: EventHub, contents: WebContents): () => void {
  const unsubscribe = hub.subscribe((event) => {
    if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
  });
  contents.once('destroyed', unsubscribe);
  return unsubscribe;
}
