// The connector SDK as the app uses it (the local host, the demo catalog, the CLI): the SDK
// package re-exported, so the app serves tools with the same code customers install.

export * from '@connector-testbench/sdk';
