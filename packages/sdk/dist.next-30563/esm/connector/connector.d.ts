import type { Connector, ConnectorOptions } from './types.ts';
export declare function createConnector(options: ConnectorOptions): Connector;
