// The typed contract shared by the UI and every transport (Electron IPC, browser-mode HTTP, tests).
// Nothing here runs I/O; the renderer imports only this folder.

export * from './contract.ts';
export * from './result.ts';
export * from './types.ts';
export * from './demo.ts';
export * from './runs.ts';
export * from './thresholds.ts';
export * from './rotation.ts';
export * from './traffic.ts';
export * from './scenarios.ts';
