// tool.invoke checks (decisions.md 2): every listed tool runs with parameters generated from its
// schema and refuses broken ones with invalid_parameters; an unknown tool answers unknown_tool.

import type { ToolDefinition } from '../../protocol/index.ts';
import type { ConformanceContext } from '../context.ts';
import { describeAnswer, errorCodeOf, expectRefused, fail, isObject, pass, skip } from '../expect.ts';
import { invalidParameters, validParameters } from '../params.ts';
import { describeErrors } from '../schemas.ts';
import type { CheckDefinition } from './check.ts';

const REF = 'decisions.md 2';
/** Codes that mean the connector did not run the tool for a protocol reason. */
const PROTOCOL_CODES = new Set([
  'invalid_signature',
  'invalid_request',
  'unknown_type',
  'unknown_tool',
  'invalid_parameters',
  'unsupported_protocol_version',
  'payload_too_large',
]);

function invokeBody(ctx: ConformanceContext, tool: string, parameters: Record<string, unknown>): string {
  return ctx.body('tool.invoke', {
    organization_id: 'org_conformance',
    conversation_id: 'conv_conformance',
    channel: 'whatsapp',
    identity: {},
    tool,
    parameters,
  });
}

export const unknownToolCheck: CheckDefinition = {
  id: 'invoke.unknown-tool',
  level: 'must',
  title: 'Invoking a tool that does not exist answers unknown_tool',
  reference: REF,
  expected: 'HTTP 200 {"type":"error","code":"unknown_tool",...}',
  run: async (ctx) => {
    const ex = await ctx.send(ctx.signed(invokeBody(ctx, 'conformanceNoSuchTool', {})));
    return expectRefused(ex, 200, 'unknown_tool', 'the connector claims to have run a tool it does not list');
  },
};

function validCheck(tool: ToolDefinition): CheckDefinition {
  return {
    id: `invoke.valid.${tool.name}`,
    level: 'must',
    title: `${tool.name} runs with parameters generated from its input_schema`,
    reference: REF,
    expected:
      'HTTP 200 {"type":"result","output":{...}}, or a domain error envelope (e.g. not_found) with HTTP 200',
    run: async (ctx) => {
      const validate = ctx.validators.get(tool.name);
      if (!validate) return skip('the tool schema did not compile');
      const parameters = validParameters(tool.input_schema);
      if (!validate(parameters))
        return skip(
          `the generator could not satisfy this schema (${describeErrors(validate.errors)}); test it by hand with ctb invoke`,
        );
      const ex = await ctx.send(ctx.signed(invokeBody(ctx, tool.name, parameters)));
      const json = isObject(ex.json) ? ex.json : null;
      if (ex.response?.status !== 200) return fail(`expected HTTP 200, got ${describeAnswer(ex)}`, ex);
      if (json?.type === 'result') {
        return isObject(json.output)
          ? pass('answered {"type":"result","output":{...}}', ex)
          : fail('"output" of the result must be a JSON object', ex);
      }
      const code = errorCodeOf(ex);
      if (code !== null && typeof json?.message === 'string') {
        if (PROTOCOL_CODES.has(code))
          return fail(`parameters valid under its own schema were refused with ${code}: ${json.message}`, ex);
        return pass(
          `answered the domain error ${code} in a proper envelope (acceptable for generated parameters)`,
          ex,
        );
      }
      return fail(`expected a result or error envelope, got ${describeAnswer(ex)}`, ex);
    },
  };
}

function invalidCheck(tool: ToolDefinition): CheckDefinition {
  return {
    id: `invoke.invalid.${tool.name}`,
    level: 'must',
    title: `${tool.name} refuses parameters that break its input_schema`,
    reference: REF,
    expected: 'HTTP 200 {"type":"error","code":"invalid_parameters",...}',
    run: async (ctx) => {
      const validate = ctx.validators.get(tool.name);
      if (!validate) return skip('the tool schema did not compile');
      const broken = invalidParameters(tool.input_schema);
      if (!broken || validate(broken.parameters))
        return skip('the schema accepts any object; nothing to break');
      const ex = await ctx.send(ctx.signed(invokeBody(ctx, tool.name, broken.parameters)));
      const verdict = expectRefused(
        ex,
        200,
        'invalid_parameters',
        'the handler ran with parameters its own schema forbids',
      );
      return { ...verdict, message: `${broken.how}: ${verdict.message}` };
    },
  };
}

/** The per-tool checks, known only once discovery has listed the tools. */
export function toolChecks(ctx: ConformanceContext): CheckDefinition[] {
  const tools = (ctx.tools ?? []).filter(
    (t): t is ToolDefinition => isObject(t) && typeof t.name === 'string' && t.name !== '',
  );
  return tools.flatMap((t) => [validCheck(t), invalidCheck(t)]);
}

export const noToolsCheck: CheckDefinition = {
  id: 'invoke.tools-listed',
  level: 'should',
  title: 'The connector lists at least one tool to invoke',
  reference: 'protocol.md 2.3',
  expected: 'a non-empty tool list',
  run: async (ctx) => {
    if (ctx.tools === null) return skip('discovery failed');
    return ctx.tools.length > 0
      ? pass(`${ctx.tools.length} tool(s) will be invoked`)
      : fail('no tools listed: the platform has nothing to sync');
  },
};
