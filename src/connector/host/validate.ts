// Checks a connector definition before it is saved: the JSON Schema in resources/, each tool's
// input_schema as a schema, script syntax, template names and unique names, every problem by path.

// Imported, not read from disk: the Electron bundle inlines it, where a path relative to this
// file would point outside out/main.
import schemaJson from '../../../resources/connector-definition.schema.json' with { type: 'json' };
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { withDefaults } from './definition.ts';
import type { Behaviour, ConnectorDefinition, DefinitionInput } from './definition.ts';
import type { DefinitionProblem } from './errors.ts';
import { invalidDefinition } from './errors.ts';
import { demoCatalogTools } from './builtin-demo.ts';
import { describeSyntaxProblem, checkScriptSyntax } from './script-source.ts';
import { checkExpression, templatesIn } from './template.ts';

// ajv-formats is CommonJS: under Node's ESM loader the default import is module.exports itself.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

export const DEFINITION_SCHEMA_URL = 'resources/connector-definition.schema.json';
export const definitionSchema = schemaJson as Record<string, unknown>;

let definitionValidator: ValidateFunction | null = null;
let schemaAjv: Ajv2020 | null = null;

function validators(): { definition: ValidateFunction; schemas: Ajv2020 } {
  if (!definitionValidator || !schemaAjv) {
    const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true, verbose: true });
    definitionValidator = ajv.compile(definitionSchema);
    // A separate instance for tools' input schemas: compiling them must not register ids beside ours.
    schemaAjv = new Ajv2020({
      allErrors: true,
      strict: false,
      validateSchema: true,
      addUsedSchema: false,
      verbose: true,
    });
    addFormats(schemaAjv);
  }
  return { definition: definitionValidator, schemas: schemaAjv };
}

/**
 * Ajv errors as `path: message` problems. A failed oneOf/anyOf reports every branch's error; that
 * reads as noise, so each group becomes one line: "exactly one of a, b" when the branches only
 * differ by a required property, else the first branch's error.
 */
export function problemsFromAjv(errors: ErrorObject[] | null | undefined, prefix = ''): DefinitionProblem[] {
  if (!errors) return [];
  const dropped = new Set<ErrorObject>();
  const replaced = new Map<ErrorObject, string>();
  for (const group of errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')) {
    const branches = errors.filter(
      (e) =>
        e !== group &&
        e.instancePath.startsWith(group.instancePath) &&
        e.schemaPath.startsWith(`${group.schemaPath}/`),
    );
    const alternatives = requiredAlternatives(group.schema);
    if (alternatives)
      replaced.set(group, `needs exactly one of ${alternatives.map((a) => `"${a}"`).join(' or ')}`);
    else if (branches.length > 0) dropped.add(group);
    branches.forEach((b, i) => {
      if (alternatives || i > 0) dropped.add(b);
    });
  }
  const badTags = new Set(
    errors
      .filter((e) => e.keyword === 'enum' && e.instancePath.endsWith('/type'))
      .map((e) => e.instancePath.slice(0, -5)),
  );
  const out: DefinitionProblem[] = [];
  for (const e of errors) {
    if (dropped.has(e)) continue;
    if (e.keyword === 'discriminator' && badTags.has(e.instancePath)) continue;
    out.push({ path: prefix + e.instancePath, message: replaced.get(e) ?? messageOf(e) });
  }
  const seen = new Set<string>();
  return out.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** For `oneOf: [{required:[a]}, {required:[b]}]` (ajv verbose mode gives the array): [a, b]. */
function requiredAlternatives(branches: unknown): string[] | null {
  if (!Array.isArray(branches) || branches.length < 2) return null;
  const names = branches.map((b) =>
    b && Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : null,
  );
  return names.every((n) => n !== null) ? (names as string[]) : null;
}

function messageOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `must have required property "${p.missingProperty}"`;
    case 'additionalProperties':
      return `unknown property "${p.additionalProperty}"`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'discriminator':
      return p.error === 'tag'
        ? `must have a string "${p.tag}"`
        : `"${p.tag}" ${JSON.stringify(p.tagValue)} is not a known behaviour type`;
    default:
      return e.message ?? 'is invalid';
  }
}

/**
 * Fills defaults, then checks everything a save must refuse. Returns the complete definition or
 * throws HostError('invalid_definition') whose details.problems name every failing path.
 */
export function validateDefinition(input: unknown): ConnectorDefinition {
  const problems = definitionProblems(input);
  if (problems.length > 0) throw invalidDefinition(problems);
  return withDefaults(input as DefinitionInput) as ConnectorDefinition;
}

export function definitionProblems(input: unknown): DefinitionProblem[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return [
      {
        path: '',
        message: `a connector definition must be a JSON object, got ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}`,
      },
    ];
  const candidate = withDefaults(input as DefinitionInput);
  const { definition, schemas } = validators();
  if (!definition(candidate)) return problemsFromAjv(definition.errors);
  return semanticProblems(candidate as ConnectorDefinition, schemas);
}

function semanticProblems(def: ConnectorDefinition, ajv: Ajv2020): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const firstByName = new Map<string, number>();
  def.tools.forEach((tool, i) => {
    const at = `/tools/${i}`;
    const earlier = firstByName.get(tool.name);
    if (earlier !== undefined)
      problems.push({
        path: `${at}/name`,
        message: `tool "${tool.name}" is already defined at /tools/${earlier}`,
      });
    else firstByName.set(tool.name, i);
    problems.push(...inputSchemaProblems(tool.input_schema, `${at}/input_schema`, ajv));
    problems.push(...behaviourProblems(tool.behaviour, `${at}/behaviour`, def, tool.name));
  });
  // A previous secret equal to the current one would hide which secret a call really matched.
  def.previousSigningSecrets?.forEach((secret, i) => {
    if (secret === def.signingSecret)
      problems.push({
        path: `/previousSigningSecrets/${i}`,
        message: 'a previous secret must differ from signingSecret (the current one comes first, once)',
      });
  });
  if (def.metadata) {
    for (const key of ['events', 'actions', 'tasks'] as const) {
      const seen = new Map<string, number>();
      def.metadata[key].forEach((item, i) => {
        const first = seen.get(item.id);
        if (first !== undefined)
          problems.push({
            path: `/metadata/${key}/${i}/id`,
            message: `id "${item.id}" is already declared at /metadata/${key}/${first}`,
          });
        else seen.set(item.id, i);
      });
    }
  }
  return problems;
}

function inputSchemaProblems(schema: object, at: string, ajv: Ajv2020): DefinitionProblem[] {
  if (!ajv.validateSchema(schema))
    return problemsFromAjv(ajv.errors, at).map((p) => ({
      ...p,
      message: `not a valid JSON Schema: ${p.message}`,
    }));
  try {
    ajv.compile(structuredClone(schema));
    return [];
  } catch (err) {
    return [{ path: at, message: `not a usable JSON Schema (draft 2020-12): ${(err as Error).message}` }];
  }
}

function behaviourProblems(
  b: Behaviour,
  at: string,
  def: ConnectorDefinition,
  tool: string,
): DefinitionProblem[] {
  switch (b.type) {
    case 'static':
      return [...templatesIn(b.output, `${at}/output`)].flatMap(({ pointer, expression }) => {
        const why = checkExpression(expression);
        return why ? [{ path: pointer, message: why }] : [];
      });
    case 'script': {
      const syntax = checkScriptSyntax(b.source);
      return syntax
        ? [{ path: `${at}/source`, message: `script does not compile: ${describeSyntaxProblem(syntax)}` }]
        : [];
    }
    case 'delay':
      return behaviourProblems(b.then, `${at}/then`, def, tool);
    case 'slow':
      return b.then ? behaviourProblems(b.then, `${at}/then`, def, tool) : [];
    case 'sequence':
      return b.steps.flatMap((s, i) => behaviourProblems(s, `${at}/steps/${i}`, def, tool));
    case 'builtin': {
      if (!def.builtin)
        return [
          {
            path: `${at}/type`,
            message: '"builtin" only works in a built-in connector (one with a "builtin" field)',
          },
        ];
      const known = demoCatalogTools().map((t) => t.name);
      return known.includes(tool)
        ? []
        : [
            {
              path: `${at}/type`,
              message: `the ${def.builtin} has no tool "${tool}" to run; it has ${known.join(', ')}`,
            },
          ];
    }
    default:
      return [];
  }
}
