// "Mirror a live connector": asks it for its tools (capabilities.list, falling back to the legacy
// tools.list) through the signing client and turns them into an editable local definition.

import { buildRequest, previewValue, signedCall } from '../../client/index.ts';
import type { SignedCallResult } from '../../client/index.ts';
import type { JsonObject, RequestType } from '../../protocol/index.ts';
import type { DefinitionInput } from './definition.ts';
import { HostError } from './errors.ts';
import { definitionProblems } from './validate.ts';

export interface MirrorInput {
  url: string;
  secret: string;
  name?: string;
  timeoutMs?: number;
}

export interface MirrorResult {
  definition: DefinitionInput;
  source: 'capabilities.list' | 'tools.list';
  /** What was adapted on the way (a schema replaced, metadata dropped...). */
  warnings: string[];
}

type Listing = { tools: unknown[]; metadata?: unknown } | { failure: string };

export async function mirrorConnector(input: MirrorInput): Promise<MirrorResult> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new HostError(
      'mirror_failed',
      `"${input.url}" is not a URL; give the connector's full endpoint, e.g. http://127.0.0.1:8080/service`,
    );
  }
  let source: MirrorResult['source'] = 'capabilities.list';
  let listing = await list(input, 'capabilities.list');
  if ('failure' in listing) {
    const first = listing.failure;
    source = 'tools.list';
    listing = await list(input, 'tools.list');
    if ('failure' in listing)
      throw new HostError(
        'mirror_failed',
        `cannot list the tools of ${input.url}: capabilities.list ${first}; tools.list ${listing.failure}`,
        { url: input.url },
      );
  }

  const warnings: string[] = [];
  const tools = listing.tools.flatMap((raw, i) => mirrorTool(raw, i, warnings));
  const definition: DefinitionInput = {
    name: input.name ?? `Mirror of ${url.host}${url.pathname}`,
    description: `Mirrored from ${url.origin}${url.pathname} (${source}) on ${new Date().toISOString()}.`,
    endpointPath: url.pathname || '/service',
    signingSecret: input.secret,
    tools: tools as DefinitionInput['tools'],
  };
  if (listing.metadata !== undefined && listing.metadata !== null) {
    const withMetadata = { ...definition, metadata: listing.metadata } as DefinitionInput;
    const bad = definitionProblems(withMetadata).filter((p) => p.path.startsWith('/metadata'));
    if (bad.length === 0) definition.metadata = withMetadata.metadata;
    else warnings.push(`metadata left out: ${bad.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  }
  const problems = definitionProblems(definition);
  if (problems.length > 0)
    throw new HostError(
      'mirror_failed',
      `the tools of ${input.url} do not make a valid definition: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
      {
        url: input.url,
        problems,
      },
    );
  return { definition, source, warnings };
}

async function list(input: MirrorInput, type: RequestType): Promise<Listing> {
  let result: SignedCallResult;
  try {
    result = await signedCall({
      url: input.url,
      secret: input.secret,
      body: buildRequest(type),
      timeoutMs: input.timeoutMs ?? 10_000,
    });
  } catch (err) {
    return { failure: `failed: ${(err as Error).message}` };
  }
  if (result.error && !result.response)
    return { failure: `failed: ${result.error.code}: ${result.error.message}` };
  const status = result.response?.status ?? 0;
  const json = result.json as JsonObject | undefined;
  if (json?.type === 'error') {
    const hint = json.code === 'invalid_signature' ? ' (is the secret right?)' : '';
    return {
      failure: `answered HTTP ${status} ${previewValue(json.code, 60)}: ${previewValue(json.message)}${hint}`,
    };
  }
  if (status < 200 || status >= 300) return { failure: `answered HTTP ${status}` };
  // Tolerant reading, as the platform's sync is: the documented shape or a result wrapper.
  const holder = (
    json?.type === 'result' && json.output && typeof json.output === 'object' ? json.output : json
  ) as JsonObject | undefined;
  if (!holder || !Array.isArray(holder.tools)) return { failure: 'answered without a "tools" array' };
  return { tools: holder.tools, metadata: holder.metadata };
}

function mirrorTool(raw: unknown, i: number, warnings: string[]): JsonObject[] {
  if (!raw || typeof raw !== 'object' || typeof (raw as JsonObject).name !== 'string') {
    warnings.push(`tools[${i}] has no name and was left out`);
    return [];
  }
  const t = raw as JsonObject;
  const name = t.name as string;
  const tool: JsonObject = {
    name,
    description:
      typeof t.description === 'string' && t.description.trim() !== ''
        ? t.description
        : `Mirrored tool ${name}`,
    auth: typeof t.auth === 'string' && t.auth !== '' ? t.auth : 'none',
    chat: typeof t.chat === 'boolean' ? t.chat : true,
    input_schema: t.input_schema,
    // Echoes what it was called with: a starting point the user edits into the real answer.
    behaviour: {
      type: 'static',
      output: { tool: name, parameters: '{{parameters}}', request_id: '{{request_id}}' },
    },
  };
  const bad = definitionProblems({ name: 'probe', signingSecret: 'x', tools: [tool] });
  if (bad.some((p) => p.path.startsWith('/tools/0/input_schema'))) {
    warnings.push(
      `${name}: its input_schema is not a usable JSON Schema object and was replaced by {"type":"object"}`,
    );
    tool.input_schema = { type: 'object' };
  }
  return [tool];
}
