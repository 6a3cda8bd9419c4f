import type { AdapterCore } from './node-adapter.ts';
export declare function fetchAdapter(core: AdapterCore, request: Request): Promise<Response>;
