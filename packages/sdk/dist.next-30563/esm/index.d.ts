export * from './connector/index.ts';
export { PROTOCOL_VERSION, DEFAULT_ENDPOINT_PATH, DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, computeSignature, explain, fingerprint, sign, signForTest, verify, } from './protocol/index.ts';
export type { Diagnosis, SecretInput, SignOptions, SignedHeaders, VerifyFailure, VerifyFailureReason, VerifyOptions, VerifySuccess, } from './protocol/index.ts';
