// The input checks every handler uses live with the engine (src/engine/input.ts), whose refusals
// they raise; re-exported here so a handler imports its checks from beside it.

export * from '../engine/input.ts';
