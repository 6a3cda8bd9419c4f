// Public surface of the engine: the one object the desktop shell, browser mode and CLI construct,
// and where its data folder lives by default.

export { createEngine } from './engine.ts';
export type { Engine, EngineOptions, PlatformServer, PlatformServerOptions } from './engine.ts';
export { defaultDataDir, DATA_DIR_ENV, DATABASE_FILE, DOCUMENTS_DIR } from './data-dir.ts';
