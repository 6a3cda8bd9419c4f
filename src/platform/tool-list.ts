// Tolerant reading of capabilities.list / tools.list answers (decisions.md 2): takes what a
// connector sent, normalises it to ToolDefinition[] and OrgMetadata, and names every deviation.

import type { FlowItem, OrgMetadata, ToolDefinition } from '../protocol/index.ts';
import { previewJson, previewValue } from '../client/index.ts';

/** Warnings kept per reading: a list of a million malformed tools would otherwise give a million. */
export const MAX_WARNINGS = 50;

type Warn = (message: string) => void;

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
  let unsaid = 0;
  const warn: Warn = (m) => void (warnings.length < MAX_WARNINGS ? warnings.push(m) : unsaid++);
  const expected = source === 'capabilities.list' ? 'capabilities' : 'tools';
  let holder: Record<string, unknown> = json;
  if (json.type === 'result' && isObject(json.output) && Array.isArray(json.output.tools)) {
    warn(
      `the answer wraps the list as {"type":"result","output":{"tools":[...]}}; expected {"type":"${expected}","tools":[...]}`,
    );
    holder = json.output;
  } else if (json.type !== expected)
    warn(`the answer type is ${previewJson(json.type ?? null, 60)}; expected "${expected}"`);
  if (!Array.isArray(holder.tools)) return null;
  if (source === 'capabilities.list' && holder === json && json.protocol_version === undefined)
    warn('the capabilities answer has no "protocol_version"');

  const tools: ToolDefinition[] = [];
  const seen = new Set<string>();
  holder.tools.forEach((item, i) => {
    const tool = readTool(item, i, warn);
    if (!tool) return;
    if (seen.has(tool.name))
      return void warn(`tool "${previewValue(tool.name, 80)}" is listed twice; the first one is kept`);
    seen.add(tool.name);
    tools.push(tool);
  });
  const metadata = holder.metadata === undefined ? null : readMetadata(holder.metadata, warn);
  if (source === 'tools.list' && holder.metadata !== undefined)
    warn('tools.list carries metadata; only capabilities.list is expected to');
  if (unsaid > 0) warnings.push(`…and ${unsaid} more warning(s) of the same kinds`);
  return { tools, metadata, warnings };
}

const TOOL_FIELDS = new Set(['name', 'description', 'auth', 'chat', 'input_schema']);

function readTool(item: unknown, index: number, warn: Warn): ToolDefinition | null {
  if (!isObject(item)) {
    warn(`tools[${index}] is not an object and is skipped`);
    return null;
  }
  if (typeof item.name !== 'string' || item.name.trim() === '') {
    warn(`tools[${index}] has no "name" and is skipped`);
    return null;
  }
  const name = item.name;
  const note = (m: string) => warn(`tool "${previewValue(name, 80)}": ${m}`);
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
      note(`"input_schema.type" is ${previewJson(schema.type ?? null, 60)}; expected "object"`);
  } else note('"input_schema" is missing; taken as an object without properties');
  const extra = Object.keys(item).filter((k) => !TOOL_FIELDS.has(k));
  if (extra.length)
    note(`unknown fields ${previewValue(extra.map((k) => JSON.stringify(k)).join(', '), 200)} are ignored`);
  return { name, description, auth, chat, input_schema: schema };
}

function readMetadata(value: unknown, warn: Warn): OrgMetadata | null {
  if (!isObject(value)) {
    warn('"metadata" is not an object and is ignored');
    return null;
  }
  let version = 1;
  if (typeof value.version === 'number' && Number.isInteger(value.version)) version = value.version;
  else warn('metadata "version" is missing or not an integer; taken as 1');
  const list = (key: 'events' | 'actions' | 'tasks'): Array<FlowItem & { priority?: string }> => {
    const raw = value[key];
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) {
      warn(`metadata "${key}" is not an array and is ignored`);
      return [];
    }
    const items: Array<FlowItem & { priority?: string }> = [];
    raw.forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.id !== 'string' || entry.id === '') {
        warn(`metadata ${key}[${i}] has no string "id" and is skipped`);
        return;
      }
      const label = typeof entry.label === 'string' ? entry.label : entry.id;
      if (typeof entry.label !== 'string')
        warn(`metadata ${key}[${i}] ("${previewValue(entry.id, 80)}") has no "label"`);
      const item: FlowItem & { priority?: string } = { id: entry.id, label };
      if (key === 'tasks') {
        if (typeof entry.priority === 'string') item.priority = entry.priority;
        else warn(`metadata task "${previewValue(entry.id, 80)}" has no "priority"`);
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
