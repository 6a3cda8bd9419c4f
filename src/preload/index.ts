// The sandboxed preload (built as CommonJS): exposes the contract as window.ctb and nothing else.
// It imports only the name lists and the Result helpers of src/shared, so the bundle stays small.

import { contextBridge, ipcRenderer } from 'electron';
import { createBridgeApi } from './api.ts';

contextBridge.exposeInMainWorld('ctb', createBridgeApi(ipcRenderer));
