// Public surface of the mock platform: createPlatform and its services, the error classes, the
// SSRF policy, the secret key providers and the connector manager. The REST API builds on this.

export { createPlatform } from './platform.ts';
export type { Platform, PlatformOptions } from './platform.ts';
export { PlatformError, PLATFORM_ERROR_STATUS, SecretKeyError } from './errors.ts';
export type { PlatformErrorCode } from './errors.ts';
export { FileKeyProvider, StaticKeyProvider, encryptSecret, decryptSecret } from './secrets.ts';
export type { KeyProvider } from './secrets.ts';
export { checkUrl, classifyAddress, defaultResolver } from './ssrf.ts';
export type { Resolver, SsrfMode, UrlCheck } from './ssrf.ts';
export { ConnectorManager, DEFAULT_CONNECTOR_TIMEOUT_MS } from './manager.ts';
export type {
  ConnectionTarget,
  ManagerCallOptions,
  ManagerResult,
  AttemptSummary,
  InvokeFields,
  CallTarget,
  Outgoing,
  SendOptions,
} from './manager.ts';
export { platformMigrations } from './store/migrations.ts';
export { SEED_USERS } from './org.ts';
export type { SeedInfo } from './org.ts';
export { assessPing, DEFAULT_HEALTHY_LATENCY_MS } from './health.ts';
export type { SyncOptions } from './sync.ts';
export type { BusinessToolTestOptions } from './business-tools.ts';
export { readToolList } from './tool-list.ts';
export { generateSigningSecret } from './ids.ts';
export { TIMEOUT_RANGE_MS } from './validate.ts';
export type * from './types.ts';
export { MAX_GRACE_SECONDS } from './rotation.ts';
export type { RotationState, RotationView } from './rotation.ts';
