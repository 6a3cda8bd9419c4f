// Which tool a request form opens on, and the parameters it starts from: a customer-facing tool whose
// required fields, left empty, already satisfy its schema, so the form does not open on an error.

import type { ToolDefinitionDto } from '../../../shared/index.ts';

type Schema = Record<string, unknown>;

const EMPTY: Record<string, unknown> = {
  string: '',
  number: 0,
  integer: 0,
  boolean: false,
  array: [],
  object: {},
};

const requiredOf = (schema: Schema): string[] =>
  Array.isArray(schema.required) ? (schema.required as string[]) : [];
const propsOf = (schema: Schema): Record<string, Schema> =>
  (schema.properties ?? {}) as Record<string, Schema>;

/** A skeleton of the tool's parameters: each required property with an empty value of its type. */
export function parameterSkeleton(tool: ToolDefinitionDto | null): string {
  if (!tool) return '{}';
  const schema = tool.input_schema ?? {};
  const props = propsOf(schema);
  const out: Record<string, unknown> = {};
  for (const name of requiredOf(schema)) out[name] = EMPTY[String(props[name]?.type)] ?? null;
  return JSON.stringify(out, null, 2);
}

/** Whether the empty value of this property's type is one its schema accepts (a cautious reading). */
function emptyFits(p: Schema | undefined): boolean {
  if (!p || typeof p.type !== 'string' || !(p.type in EMPTY)) return false;
  if ('enum' in p || 'const' in p || 'pattern' in p || 'format' in p) return false;
  const positive = (key: string) => typeof p[key] === 'number' && (p[key] as number) > 0;
  switch (p.type) {
    case 'string':
      return !positive('minLength');
    case 'array':
      return !positive('minItems');
    case 'object':
      return requiredOf(p).length === 0;
    case 'number':
    case 'integer':
      return !positive('minimum') && !('exclusiveMinimum' in p) && !('multipleOf' in p);
    default:
      return true;
  }
}

/** True when parameterSkeleton(tool) is valid parameters for the tool. */
export function skeletonFits(tool: ToolDefinitionDto): boolean {
  const schema = tool.input_schema ?? {};
  const props = propsOf(schema);
  return requiredOf(schema).every((name) => emptyFits(props[name]));
}

/**
 * The tool to open a form on: the first customer-chat tool whose skeleton is already valid, else the
 * first customer-chat tool, else the first. Never an off-chat approval tool while another exists.
 */
export function preferredTool(tools: readonly ToolDefinitionDto[]): ToolDefinitionDto | null {
  const chat = tools.filter((t) => t.chat !== false);
  return chat.find(skeletonFits) ?? chat[0] ?? tools[0] ?? null;
}

/**
 * The parameters text after choosing `next` instead of `prev`: the new tool's skeleton while the text
 * is still empty or the previous tool's untouched skeleton, the user's own text otherwise.
 */
export function paramsAfterToolChange(
  text: string,
  prev: ToolDefinitionDto | null,
  next: ToolDefinitionDto | null,
): string {
  const untouched = text.trim() === '' || text === '{}' || text === parameterSkeleton(prev);
  return untouched && next ? parameterSkeleton(next) : text;
}
