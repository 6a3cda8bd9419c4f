// Public surface of the local connector host: the host itself, definition types and validation,
// the error class, and the pieces the CLI and engine call directly (mirror, import/export).

export { ConnectorHost } from './host.ts';
export type { ConnectorHostOptions, ConnectorStatus, DefinitionSummary, StartResult } from './host.ts';
export type {
  Behaviour,
  BehaviourType,
  BuiltinBehaviour,
  BuiltinKind,
  CloseBehaviour,
  ConnectorDefinition,
  DefinitionInput,
  DelayBehaviour,
  ErrorBehaviour,
  HttpBehaviour,
  ScriptBehaviour,
  SequenceBehaviour,
  SlowBehaviour,
  StaticBehaviour,
  StoredDefinition,
  ToolSpec,
} from './definition.ts';
export { DEFINITION_DEFAULTS, SCRIPT_DEFAULTS, generateSigningSecret, withDefaults } from './definition.ts';
export { HostError } from './errors.ts';
export type { DefinitionProblem, HostErrorCode } from './errors.ts';
export {
  DEFINITION_SCHEMA_URL,
  definitionProblems,
  definitionSchema,
  validateDefinition,
} from './validate.ts';
export { exportDefinition, parseDefinitionJson, readDefinitionFile, writeDefinitionFile } from './io.ts';
export type { ExportOptions } from './io.ts';
export { mirrorConnector } from './mirror.ts';
export type { MirrorInput, MirrorResult } from './mirror.ts';
export { DEMO_CATALOG_NAME, demoCatalogDefinition } from './builtin-demo.ts';
export { emitOrgEvent, eventsUrl } from './org-events.ts';
export type { OrgEventResult, PlatformEventsOption, PlatformEventsTarget } from './org-events.ts';
export type { HostRequestEvent } from './request-log.ts';
export type { ScriptLog } from './script-runner.ts';
export { DefinitionStore, hostMigrations } from './store.ts';
