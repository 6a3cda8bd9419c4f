import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { OrgMetadata, ToolDefinition } from '../protocol/index.ts';
import type { ToolHandler, ToolSpec } from './types.ts';
export interface RegisteredTool {
    definition: ToolDefinition;
    handler: ToolHandler;
    validate: ValidateFunction;
}
export declare class ToolRegistry {
    readonly tools: Map<string, RegisteredTool>;
    metadata: OrgMetadata | null;
    private readonly ajv;
    constructor();
    add(name: string, spec: ToolSpec, handler: ToolHandler): void;
    setMetadata(m: OrgMetadata): void;
    definitions(): ToolDefinition[];
}
/** One line per failing path, e.g. `/lines/0/quantity must be >= 1; (root) must have sku`. */
export declare function describeSchemaErrors(errors: ErrorObject[] | null | undefined): string;
