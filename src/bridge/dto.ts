// The contract's DTO mappers live with the engine (src/engine/dto/); re-exported here so a
// handler maps its answer with an import from beside it.

export * from '../engine/dto/contract-dto.ts';
