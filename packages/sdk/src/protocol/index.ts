// Public surface of the protocol core: pure functions and types, no I/O, no framework.
// Everything else in the project (SDK, platform, CLI, UI) signs, verifies and explains through here.

export * from './constants.ts';
export * from './types.ts';
export * from './canonical-payload.ts';
export * from './headers.ts';
export * from './sign.ts';
export * from './verify.ts';
export * from './explain.ts';
export * from './fingerprint.ts';
export * from './messages.ts';
