// Ping and discovery checks (protocol.md 4.1, decisions.md 2): pong with version and time,
// capabilities.list and tools.list shapes, tool definitions, and input schemas that compile.

import { PROTOCOL_VERSION } from '../../protocol/index.ts';
import type { ToolDefinition } from '../../protocol/index.ts';
import type { ConformanceContext, Exchange } from '../context.ts';
import { expectAccepted, fail, isObject, pass, skip } from '../expect.ts';
import type { Verdict } from '../expect.ts';
import { compileSchema, createAjv } from '../schemas.ts';
import type { CheckDefinition } from './check.ts';

const REF = 'protocol.md 4.1; decisions.md 2';
const CLOCK_OFFSET_LIMIT = 60;

/** Where the tools are in a list answer: the exact shape, or the tolerated result wrapper. */
function toolsIn(json: unknown, type: 'capabilities' | 'tools'): { tools: unknown[]; exact: boolean } | null {
  if (!isObject(json)) return null;
  if (json.type === type && Array.isArray(json.tools)) return { tools: json.tools, exact: true };
  if (json.type === 'result' && isObject(json.output) && Array.isArray(json.output.tools))
    return { tools: json.output.tools, exact: false };
  return null;
}

async function listCall(ctx: ConformanceContext, type: 'capabilities.list' | 'tools.list'): Promise<Verdict> {
  const ex = await ctx.send(ctx.signed(ctx.body(type)));
  const answerType = type === 'capabilities.list' ? 'capabilities' : 'tools';
  if (type === 'capabilities.list') ctx.capabilitiesAnswer = ex;
  else ctx.toolsListAnswer = ex;
  const found = ex.response?.status === 200 ? toolsIn(ex.json, answerType) : null;
  if (!found)
    return fail(
      `expected HTTP 200 {"type":"${answerType}","tools":[...]}: ${expectAccepted(ex, answerType, 'a correctly signed request was refused').message}`,
      ex,
    );
  if (ctx.tools === null) ctx.tools = found.tools as ToolDefinition[];
  return pass(
    `listed ${found.tools.length} tool(s)${found.exact ? '' : ' inside the tolerated {"type":"result","output":{"tools":[...]}} wrapper'}`,
    ex,
  );
}

function exactShape(ex: Exchange | null, type: 'capabilities' | 'tools'): Verdict {
  if (!ex || ex.response?.status !== 200 || !isObject(ex.json))
    return skip('the list call itself failed', ex);
  const found = toolsIn(ex.json, type);
  if (!found) return skip('the list call itself failed', ex);
  if (!found.exact)
    return fail(
      `answered {"type":"result","output":{"tools":[...]}}; decisions.md 2 fixes {"type":"${type}","tools":[...]} (the platform tolerates it but reports this)`,
      ex,
    );
  if (type === 'capabilities' && ex.json.protocol_version !== PROTOCOL_VERSION)
    return fail(
      `protocol_version is ${JSON.stringify(ex.json.protocol_version)}, expected "${PROTOCOL_VERSION}"`,
      ex,
    );
  return pass(`exact {"type":"${type}",...} shape`, ex);
}

function definitionProblems(tool: unknown, index: number): string[] {
  if (!isObject(tool)) return [`tools[${index}] is not an object`];
  const name = typeof tool.name === 'string' && tool.name !== '' ? tool.name : `tools[${index}]`;
  const problems: string[] = [];
  if (typeof tool.name !== 'string' || tool.name === '')
    problems.push(`${name}: name must be a non-empty string`);
  if (typeof tool.description !== 'string') problems.push(`${name}: description must be a string`);
  if (typeof tool.auth !== 'string') problems.push(`${name}: auth must be a string (none, optional)`);
  if (typeof tool.chat !== 'boolean') problems.push(`${name}: chat must be a boolean`);
  if (!isObject(tool.input_schema)) problems.push(`${name}: input_schema must be an object`);
  else if (tool.input_schema.type !== 'object') problems.push(`${name}: input_schema.type must be "object"`);
  return problems;
}

export const discoveryChecks: CheckDefinition[] = [
  {
    id: 'ping.pong',
    level: 'must',
    title: 'A signed ping is answered by pong',
    reference: REF,
    expected: 'HTTP 200 {"type":"pong",...}',
    run: async (ctx) => {
      ctx.pong = await ctx.send(ctx.signed(ctx.body('ping')));
      return expectAccepted(
        ctx.pong,
        'pong',
        'a correctly signed request was refused: check the secret and the endpoint path',
      );
    },
  },
  {
    id: 'ping.version-and-time',
    level: 'should',
    title: 'The pong carries protocol_version and the connector time',
    reference: 'decisions.md 2',
    expected: '{"type":"pong","protocol_version":"1","time":<unix seconds>}',
    run: async (ctx) => {
      const lastPong = ctx.pong;
      const json = lastPong?.json;
      if (!isObject(json) || json.type !== 'pong') return skip('no pong to inspect', lastPong);
      const missing = [];
      if (json.protocol_version !== PROTOCOL_VERSION) missing.push(`protocol_version "${PROTOCOL_VERSION}"`);
      if (!Number.isInteger(json.time)) missing.push('time (integer unix seconds)');
      if (missing.length === 0) return pass('pong with protocol_version and time', lastPong);
      return fail(
        `the pong lacks ${missing.join(' and ')}: the platform accepts a bare pong but cannot check version or clock offset`,
        lastPong,
      );
    },
  },
  {
    id: 'ping.clock-offset',
    level: 'should',
    title: `The connector clock is within ${CLOCK_OFFSET_LIMIT} s of the testbench clock`,
    reference: 'decisions.md 3',
    expected: `|pong.time - now| < ${CLOCK_OFFSET_LIMIT}`,
    run: async (ctx) => {
      const lastPong = ctx.pong;
      const json = lastPong?.json;
      if (!isObject(json) || !Number.isInteger(json.time)) return skip('the pong carries no time', lastPong);
      const offset = (json.time as number) - ctx.now();
      if (Math.abs(offset) < CLOCK_OFFSET_LIMIT) return pass(`clock offset ${offset} s`, lastPong);
      return fail(
        `clock offset ${offset} s: the platform marks the connection degraded; sync the clock with NTP`,
        lastPong,
      );
    },
  },
  {
    id: 'discovery.capabilities',
    level: 'must',
    title: 'capabilities.list answers the tool list',
    reference: REF,
    expected: 'HTTP 200 {"type":"capabilities","protocol_version":"1","tools":[...]}',
    run: (ctx) => listCall(ctx, 'capabilities.list'),
  },
  {
    id: 'discovery.capabilities-shape',
    level: 'should',
    title: 'capabilities.list uses the exact answer shape',
    reference: 'decisions.md 2',
    expected: '{"type":"capabilities","protocol_version":"1","tools":[...],"metadata"?}',
    run: async (ctx) => exactShape(ctx.capabilitiesAnswer, 'capabilities'),
  },
  {
    id: 'discovery.tools-list',
    level: 'must',
    title: 'tools.list (legacy) answers the tool list',
    reference: REF,
    expected: 'HTTP 200 {"type":"tools","tools":[...]}',
    run: (ctx) => listCall(ctx, 'tools.list'),
  },
  {
    id: 'discovery.tools-list-shape',
    level: 'should',
    title: 'tools.list uses the exact answer shape',
    reference: 'decisions.md 2',
    expected: '{"type":"tools","tools":[...]}',
    run: async (ctx) => exactShape(ctx.toolsListAnswer, 'tools'),
  },
  {
    id: 'discovery.lists-agree',
    level: 'should',
    title: 'capabilities.list and tools.list list the same tools',
    reference: 'protocol.md 4.1',
    expected: 'the same tool names in both lists',
    run: async (ctx) => {
      const a = toolsIn(ctx.capabilitiesAnswer?.json, 'capabilities')?.tools;
      const b = toolsIn(ctx.toolsListAnswer?.json, 'tools')?.tools;
      if (!a || !b) return skip('one of the list calls failed');
      const names = (list: unknown[]) =>
        list
          .map((t) => (isObject(t) ? String(t.name) : '?'))
          .sort()
          .join(', ');
      if (names(a) === names(b)) return pass(`both list: ${names(a) || '(none)'}`, ctx.toolsListAnswer);
      return fail(`capabilities.list: ${names(a)}; tools.list: ${names(b)}`, ctx.toolsListAnswer);
    },
  },
  {
    id: 'discovery.tool-definitions',
    level: 'must',
    title: 'Every tool definition has name, description, auth, chat and input_schema',
    reference: 'protocol.md 2.3; decisions.md 2',
    expected: '{"name","description","auth","chat","input_schema":{"type":"object",...}} with unique names',
    run: async (ctx) => {
      const ex = ctx.capabilitiesAnswer ?? ctx.toolsListAnswer;
      if (ctx.tools === null) return skip('no tool list to inspect', ex);
      const problems = ctx.tools.flatMap((t, i) => definitionProblems(t, i));
      const names = ctx.tools.map((t) => (isObject(t) ? t.name : undefined));
      const dupes = names.filter((n, i) => names.indexOf(n) !== i);
      if (dupes.length) problems.push(`duplicated names: ${[...new Set(dupes)].join(', ')}`);
      if (problems.length === 0) return pass(`${ctx.tools.length} well-formed definition(s)`, ex);
      return fail(problems.join('; '), ex);
    },
  },
  {
    id: 'discovery.schemas-compile',
    level: 'must',
    title: 'Every input_schema is a valid JSON Schema (draft 2020-12)',
    reference: 'protocol.md 2.3',
    expected: 'ajv (draft 2020-12) compiles each input_schema',
    run: async (ctx) => {
      const ex = ctx.capabilitiesAnswer ?? ctx.toolsListAnswer;
      if (ctx.tools === null) return skip('no tool list to inspect', ex);
      const ajv = createAjv();
      const problems: string[] = [];
      for (const tool of ctx.tools) {
        if (!isObject(tool) || typeof tool.name !== 'string') continue;
        const compiled = compileSchema(ajv, tool.input_schema);
        if (compiled.ok) ctx.validators.set(tool.name, compiled.validate);
        else problems.push(`${tool.name}: ${compiled.message}`);
      }
      if (problems.length === 0) return pass(`${ctx.validators.size} schema(s) compile`, ex);
      return fail(problems.join('; '), ex);
    },
  },
  {
    id: 'discovery.metadata',
    level: 'should',
    title: 'Organization metadata, when declared, has version, events, actions and tasks',
    reference: 'protocol.md 2.4',
    expected:
      'metadata absent, or {"version":int,"events":[{id,label}],"actions":[{id,label}],"tasks":[{id,label,priority}]}',
    run: async (ctx) => {
      const ex = ctx.capabilitiesAnswer;
      const json = ex?.json;
      if (!isObject(json) || json.type !== 'capabilities')
        return skip('no capabilities answer to inspect', ex);
      if (json.metadata === undefined || json.metadata === null) return pass('no metadata declared', ex);
      const problems = metadataProblems(json.metadata);
      return problems.length ? fail(problems.join('; '), ex) : pass('metadata well-formed', ex);
    },
  },
];

function metadataProblems(m: unknown): string[] {
  if (!isObject(m)) return ['metadata is not an object'];
  const problems: string[] = [];
  if (!Number.isInteger(m.version)) problems.push('version must be an integer');
  for (const key of ['events', 'actions', 'tasks'] as const) {
    const list = m[key];
    if (!Array.isArray(list)) {
      problems.push(`${key} must be an array`);
      continue;
    }
    list.forEach((item, i) => {
      if (!isObject(item) || typeof item.id !== 'string' || typeof item.label !== 'string')
        problems.push(`${key}[${i}] needs string id and label`);
      else if (key === 'tasks' && typeof item.priority !== 'string')
        problems.push(`tasks[${i}] needs a string priority`);
    });
  }
  return problems;
}
