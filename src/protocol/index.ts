// What the app needs of the wire protocol: the SDK package's protocol, re-exported so the app,
// the platform and the CLI sign, verify and explain with the one implementation customers run.

export * from '@connector-testbench/sdk/protocol';
