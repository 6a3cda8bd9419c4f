// Limits of the GraphQL console, as graphql-js validation rules (they run with the spec rules, before
// execution) plus a result budget the resolvers charge: 40 aliased tool lists must fail fast, not take 3 GB.

import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
} from 'graphql';
import type { GraphQLNamedType, GraphQLOutputType, SelectionSetNode, ValidationRule } from 'graphql';

export interface GraphqlLimits {
  /** Nested field levels; the introspection query of GraphiQL needs 13. */
  maxDepth: number;
  /** Aliased fields per operation (fragments counted each time they are spread). */
  maxAliases: number;
  /** Estimated cost: 1 per field per expected instance, lists counted as `listFactor` items. */
  maxCost: number;
  listFactor: number;
  /** Bytes of result data the resolvers may produce before the query is stopped. */
  maxResultBytes: number;
  /** Lexical tokens of the query text (parse stops beyond it). */
  maxTokens: number;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphqlLimits = {
  maxDepth: 15,
  maxAliases: 20,
  maxCost: 5000,
  listFactor: 10,
  maxResultBytes: 5 * 1024 * 1024,
  maxTokens: 20_000,
};

export type LimitCode = 'QUERY_TOO_DEEP' | 'TOO_MANY_ALIASES' | 'QUERY_TOO_COMPLEX' | 'RESULT_TOO_LARGE';

export const limitError = (code: LimitCode, message: string): GraphQLError =>
  new GraphQLError(message, { extensions: { code } });

class LimitExceeded extends Error {
  readonly error: GraphQLError;
  constructor(error: GraphQLError) {
    super(error.message);
    this.error = error;
  }
}

/** A list (through any non-null wrappers) at the top of a field's type. */
function returnsList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

/** One rule for depth, aliases and cost: a single walk of each operation, stopped at the first limit. */
export function queryLimitsRule(limits: GraphqlLimits): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    function fieldType(parent: GraphQLNamedType, name: string): GraphQLOutputType | null {
      if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef.type;
      if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef.type;
      if (!isObjectType(parent) && !isInterfaceType(parent)) return null;
      return parent.getFields()[name]?.type ?? null;
    }
    return {
      OperationDefinition(operation) {
        const root = schema.getRootType(operation.operation);
        if (!root) return;
        let cost = 0;
        let aliases = 0;
        const spreading = new Set<string>();
        const walk = (set: SelectionSetNode, parent: GraphQLNamedType, depth: number, times: number) => {
          for (const selection of set.selections) {
            if (selection.kind === Kind.FIELD) {
              if (selection.alias && ++aliases > limits.maxAliases)
                throw new LimitExceeded(
                  limitError('TOO_MANY_ALIASES', `the query uses more than ${limits.maxAliases} aliases`),
                );
              if (depth + 1 > limits.maxDepth)
                throw new LimitExceeded(
                  limitError(
                    'QUERY_TOO_DEEP',
                    `the query nests fields deeper than ${limits.maxDepth} levels`,
                  ),
                );
              cost += times;
              if (cost > limits.maxCost)
                throw new LimitExceeded(
                  limitError(
                    'QUERY_TOO_COMPLEX',
                    `the query's estimated cost exceeds ${limits.maxCost} (each list counts as ${limits.listFactor} items); ask for fewer fields or lists`,
                  ),
                );
              const type = fieldType(parent, selection.name.value);
              if (!type || !selection.selectionSet) continue;
              const named = getNamedType(type);
              // Introspection lists are bounded by this small schema, not by the data.
              const factor = returnsList(type) && !named.name.startsWith('__') ? limits.listFactor : 1;
              walk(selection.selectionSet, named, depth + 1, times * factor);
            } else if (selection.kind === Kind.INLINE_FRAGMENT) {
              const typed = selection.typeCondition
                ? schema.getType(selection.typeCondition.name.value)
                : parent;
              walk(selection.selectionSet, typed ?? parent, depth, times);
            } else {
              const name = selection.name.value;
              const fragment = context.getFragment(name);
              // Cycles are reported by the spec's NoFragmentCycles rule; here they just stop.
              if (!fragment || spreading.has(name)) continue;
              spreading.add(name);
              const typed = schema.getType(fragment.typeCondition.name.value) ?? parent;
              walk(fragment.selectionSet, typed, depth, times);
              spreading.delete(name);
            }
          }
        };
        try {
          walk(operation.selectionSet, getNullableType(root) as GraphQLNamedType, 0, 1);
        } catch (error) {
          if (error instanceof LimitExceeded) context.reportError(error.error);
          else throw error;
        }
        return false;
      },
    };
  };
}

/** What resolvers charge as they build the answer; past the limit every further list resolver throws. */
export interface ResultBudget {
  charge(bytes: number): void;
  exceeded(): boolean;
}

export function createResultBudget(maxBytes: number): ResultBudget {
  let used = 0;
  const tooLarge = () =>
    limitError(
      'RESULT_TOO_LARGE',
      `the answer would exceed ${maxBytes} bytes; ask for fewer fields, fewer aliases or a narrower filter (workspace_id, connection_id)`,
    );
  return {
    charge(bytes) {
      if (used > maxBytes) throw tooLarge();
      used += bytes;
      if (used > maxBytes) throw tooLarge();
    },
    exceeded: () => used > maxBytes,
  };
}
