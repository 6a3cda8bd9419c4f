// Entry of @connector-testbench/sdk: createConnector and its adapters, ToolError, the public types,
// and the verify / sign-for-tests helpers; the whole wire protocol is the `/protocol` subpath.
export * from "./connector/index.js";
export { PROTOCOL_VERSION, DEFAULT_ENDPOINT_PATH, DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS, computeSignature, explain, fingerprint, sign, signForTest, verify, } from "./protocol/index.js";
