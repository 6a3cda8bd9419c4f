// The signing client: every outgoing call of the testbench (CLI, connector manager, conformance,
// mirror) is built, signed, faulted, sent and timed here.

export * from './raw-call.ts';
export * from './faults.ts';
export * from './request.ts';
export * from './signed-call.ts';
export * from './safe-json.ts';
export * from './diagnosis.ts';
