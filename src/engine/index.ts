// Public surface of the engine: the one object the desktop shell, browser mode and CLI construct,
// the use-cases they call on it, and where its data folder lives by default.

export { createEngine } from './engine.ts';
export type {
  Engine,
  EngineOptions,
  PlatformGuard,
  PlatformServer,
  PlatformServerOptions,
} from './engine.ts';
export { defaultDataDir, DATA_DIR_ENV, DATABASE_FILE, DOCUMENTS_DIR } from './data-dir.ts';
export { EngineError, validationError } from './errors.ts';
export { knownSecretOf, receivedUrl } from './known-secret.ts';
export type { KnownSecret } from './known-secret.ts';
export {
  exportFromHistory,
  exportHistory,
  exchangesToExport,
  harOfExchanges,
  MAX_EXPORT,
} from './history/export.ts';
export type { ExportRequest, HistoryExport } from './history/export.ts';
export { importHistory, parseImport, MAX_IMPORT_CHARS } from './history/import.ts';
export type { ImportReport } from './history/import.ts';
export { curlCommand } from './history/curl.ts';
export { historyFacets } from './history/facets.ts';
export { RetentionPruner, PRUNE_BATCH } from './history/retention.ts';
export type { PruneReport, RetentionSettings } from './history/retention.ts';
export { LocalConnectors } from './local-connectors.ts';
export type { LocalConnectorView } from './local-connectors.ts';
export { Demo } from './demo/demo.ts';
export type { DemoInvocation, DemoInvokeRequest, DemoReset, DemoState } from './demo/demo.ts';
export { Runs } from './runs/runs.ts';
export type { ConformanceRequest, LoadRequest, RunKind, RunTarget } from './runs/runs.ts';
// What the desktop shell needs to keep the data folder's key in the OS keychain, without reaching
// past the engine into the platform.
export { FileKeyProvider, SecretKeyError } from '../platform/index.ts';
export type { KeyProvider, Plan, SsrfMode } from '../platform/index.ts';
// What a shell needs to read a connector definition file and name a host failure, and to read a
// stored diagnosis, without reaching past the engine.
export { HostError, readDefinitionFile } from '../connector/host/index.ts';
export { readDiagnosis } from '../client/index.ts';
export type { ExchangeDiagnosis } from '../client/index.ts';
export { scenarioRecorder } from './scenario-history.ts';
// Secret rotation: the CLI steps and the app's guided rehearsal.
export {
  advanceRehearsal,
  pingRehearsal,
  rehearsalOf,
  rotationErrorKind,
  rotationStep,
  startRehearsal,
} from './rotation.ts';
export type { RotationStep } from './rotation.ts';
export type { RotationView } from '../platform/index.ts';
