// Public surface of the protocol core: pure functions and types, no I/O, no framework.
// Everything else in the project (SDK, platform, CLI, UI) signs, verifies and explains through here.
export * from "./constants.js";
export * from "./types.js";
export * from "./canonical-payload.js";
export * from "./headers.js";
export * from "./sign.js";
export * from "./verify.js";
export * from "./explain.js";
export * from "./fingerprint.js";
export * from "./messages.js";
