// Tolerant reading of capabilities.list / tools.list answers (decisions.md 2): takes what a
// connector sent, normalises it to ToolDefinition[] and OrgMetadata, and names every deviation.

import type { FlowItem, OrgMetadata, ToolDefinition } from '../protocol/index.ts';

export interface ToolListReading {
  tools: ToolDefinition[];
  metadata: OrgMetadata | null;
  warnings: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readToolList(
  json: unknown,
  source: 'capabilities.list' | 'tools.list',
): ToolListReading | null {
  if (!isObject(json)) return null;
  const warnings: string[] = [];
  const expected = source === 'capabilities.list' ? 'capabilities' : 'tools';
  let holder: Record<string, unknown> = json;
  if (json.type === 'result' && isObject(json.output) && Array.isArray(json.output.tools)) {
    warnings.push(
      `the answer wraps the list as {"type":"result","output":{"tools":[...]}}; expected {"type":"${expected}","tools":[...]}`,
    );
    holder = json.output;
  } else if (json.type !== expected)
    warnings.push(`the answer type is ${JSON.stringify(json.type)}; expected "${expected}"`);
  if (!Array.isArray(holder.tools)) return null;
  if (source === 'capabilities.list' && holder === json && json.protocol_version === undefined)
    warnings.push('the capabilities answer has no "protocol_version"');

  const tools: ToolDefinition[] = [];
  const seen = new Set<string>();
  holder.tools.forEach((item, i) => {
    const tool = readTool(item, i, warnings);
    if (!tool) return;
    if (seen.has(tool.name))
      return void warnings.push(`tool "${tool.name}" is listed twice; the first one is kept`);
    seen.add(tool.name);
    tools.push(tool);
  });
  const metadata = holder.metadata === undefined ? null : readMetadata(holder.metadata, warnings);
  if (source === 'tools.list' && holder.metadata !== undefined)
    warnings.push('tools.list carries metadata; only capabilities.list is expected to');
  return { tools, metadata, warnings };
}

const TOOL_FIELDS = new Set(['name', 'description', 'auth', 'chat', 'input_schema']);

function readTool(item: unknown, index: number, warnings: string[]): ToolDefinition | null {
  if (!isObject(item)) {
    warnings.push(`tools[${index}] is not an object and is skipped`);
    return null;
  }
  if (typeof item.name !== 'string' || item.name.trim() === '') {
    warnings.push(`tools[${index}] has no "name" and is skipped`);
    return null;
  }
  const name = item.name;
  const note = (m: string) => warnings.push(`tool "${name}": ${m}`);
  let description = '';
  if (typeof item.description === 'string') description = item.description;
  else note('"description" is missing or not a string');
  let auth = 'none';
  if (typeof item.auth === 'string') auth = item.auth;
  else note('"auth" is missing; taken as "none"');
  let chat = true;
  if (typeof item.chat === 'boolean') chat = item.chat;
  else note('"chat" is missing or not a boolean; taken as true');
  let schema: ToolDefinition['input_schema'] = { type: 'object', properties: {} };
  if (isObject(item.input_schema)) {
    schema = item.input_schema as ToolDefinition['input_schema'];
    if (schema.type !== 'object')
      note(`"input_schema.type" is ${JSON.stringify(schema.type)}; expected "object"`);
  } else note('"input_schema" is missing; taken as an object without properties');
  const extra = Object.keys(item).filter((k) => !TOOL_FIELDS.has(k));
  if (extra.length) note(`unknown fields ${extra.map((k) => JSON.stringify(k)).join(', ')} are ignored`);
  return { name, description, auth, chat, input_schema: schema };
}

function readMetadata(value: unknown, warnings: string[]): OrgMetadata | null {
  if (!isObject(value)) {
    warnings.push('"metadata" is not an object and is ignored');
    return null;
  }
  let version = 1;
  if (typeof value.version === 'number' && Number.isInteger(value.version)) version = value.version;
  else warnings.push('metadata "version" is missing or not an integer; taken as 1');
  const list = (key: 'events' | 'actions' | 'tasks'): Array<FlowItem & { priority?: string }> => {
    const raw = value[key];
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) {
      warnings.push(`metadata "${key}" is not an array and is ignored`);
      return [];
    }
    const items: Array<FlowItem & { priority?: string }> = [];
    raw.forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.id !== 'string' || entry.id === '') {
        warnings.push(`metadata ${key}[${i}] has no string "id" and is skipped`);
        return;
      }
      const label = typeof entry.label === 'string' ? entry.label : entry.id;
      if (typeof entry.label !== 'string')
        warnings.push(`metadata ${key}[${i}] ("${entry.id}") has no "label"`);
      const item: FlowItem & { priority?: string } = { id: entry.id, label };
      if (key === 'tasks') {
        if (typeof entry.priority === 'string') item.priority = entry.priority;
        else warnings.push(`metadata task "${entry.id}" has no "priority"`);
      }
      items.push(item);
    });
    return items;
  };
  return {
    version,
    events: list('events'),
    actions: list('actions'),
    tasks: list('tasks') as OrgMetadata['tasks'],
  };
}
